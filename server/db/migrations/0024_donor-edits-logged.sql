ALTER TABLE "donor_book_changes" DROP CONSTRAINT "donor_book_changes_kind_known";--> statement-breakpoint
ALTER TABLE "donor_book_changes" ADD CONSTRAINT "donor_book_changes_kind_known" CHECK ("donor_book_changes"."kind" in ('figures', 'tags', 'donor'));--> statement-breakpoint
-- donor_book_bump_version (0023) now also logs a write of the donors table itself, as 'donor' with
-- the donors written (their own fields, or their figures written straight): before, such a version
-- had no row ("anything changed"), so one donor's edit made every kept list and row of the campaign
-- be read again. Over 1,000 donors in one statement still logs nothing.
CREATE OR REPLACE FUNCTION "donor_book_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change_kind text := CASE TG_TABLE_NAME WHEN 'donors' THEN 'donor' WHEN 'donor_metadata' THEN 'tags' ELSE 'figures' END;
  -- The statement's rows (an update: before and after it, so that a gift moved to another donor names
  -- both; the donors' own update trigger keeps only the rows after it: a donor's id never changes).
  written text := CASE WHEN TG_OP = 'DELETE' THEN 'SELECT * FROM old_rows' WHEN TG_OP = 'INSERT' OR TG_TABLE_NAME = 'donors' THEN 'SELECT * FROM new_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows' END;
  -- Their donors (a refund's through its donation; a donor row is its own).
  donors_of text := CASE TG_TABLE_NAME WHEN 'donation_refunds' THEN 'SELECT r.campaign_id, d.donor_id FROM (%s) r JOIN "donations" d ON d.id = r.donation_id'
    WHEN 'donors' THEN 'SELECT r.campaign_id, r.id AS donor_id FROM (%s) r'
    ELSE 'SELECT r.campaign_id, r.donor_id FROM (%s) r' END;
  bumped record;
  touched uuid[];
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  FOR bumped IN EXECUTE format(
    'INSERT INTO "donor_book_versions" AS v ("campaign_id", "version")
     SELECT DISTINCT r.campaign_id, 1 FROM (%s) r WHERE EXISTS (SELECT 1 FROM "campaigns" c WHERE c.id = r.campaign_id)
     ON CONFLICT ("campaign_id") DO UPDATE SET "version" = v.version + 1
     RETURNING v.campaign_id, v.version', written)
  LOOP
    EXECUTE format('SELECT array_agg(DISTINCT t.donor_id) FROM (%s) t WHERE t.campaign_id = $1', format(donors_of, written)) INTO touched USING bumped.campaign_id;
    PERFORM "donor_book_log_change"(bumped.campaign_id, bumped.version, change_kind, touched);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT "cdt_user_triggers_always"(true);
