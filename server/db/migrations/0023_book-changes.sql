CREATE TABLE "donor_book_changes" (
	"campaign_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"kind" text NOT NULL,
	"donor_ids" uuid[] NOT NULL,
	CONSTRAINT "donor_book_changes_pk" PRIMARY KEY("campaign_id","version"),
	CONSTRAINT "donor_book_changes_kind_known" CHECK ("donor_book_changes"."kind" in ('figures', 'tags'))
);
--> statement-breakpoint
ALTER TABLE "donor_book_changes" ADD CONSTRAINT "donor_book_changes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- donor_book_bump_version (0008) now also says what each version changed, when it can tell: the
-- donors whose donations, pledges or refunds ('figures') or tags and notes ('tags') the statement
-- wrote. A version without a row changed anything: a write of the donors table itself, or of over
-- 1,000 donors. Only the last 1,000 versions of a campaign are kept (older ones: anything changed).
CREATE OR REPLACE FUNCTION "donor_book_log_change"(campaign uuid, book_version bigint, change_kind text, touched uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "donor_book_changes" WHERE "campaign_id" = campaign AND ("version" = book_version OR "version" <= book_version - 1000);
  IF change_kind IS NOT NULL AND touched IS NOT NULL AND cardinality(touched) <= 1000 THEN
    INSERT INTO "donor_book_changes" ("campaign_id", "version", "kind", "donor_ids") VALUES (campaign, book_version, change_kind, touched);
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change_kind text := CASE TG_TABLE_NAME WHEN 'donors' THEN NULL WHEN 'donor_metadata' THEN 'tags' ELSE 'figures' END;
  -- The statement's rows (an update: before and after it, so that a gift moved to another donor names
  -- both; the donors' own update trigger keeps only the rows after it, and logs nothing).
  written text := CASE WHEN TG_OP = 'DELETE' THEN 'SELECT * FROM old_rows' WHEN TG_OP = 'INSERT' OR TG_TABLE_NAME = 'donors' THEN 'SELECT * FROM new_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows' END;
  -- Their donors (a refund's through its donation).
  donors_of text := CASE TG_TABLE_NAME WHEN 'donation_refunds' THEN 'SELECT r.campaign_id, d.donor_id FROM (%s) r JOIN "donations" d ON d.id = r.donation_id'
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
    touched := NULL;
    IF change_kind IS NOT NULL THEN
      EXECUTE format('SELECT array_agg(DISTINCT t.donor_id) FROM (%s) t WHERE t.campaign_id = $1', format(donors_of, written)) INTO touched USING bumped.campaign_id;
    END IF;
    PERFORM "donor_book_log_change"(bumped.campaign_id, bumped.version, change_kind, touched);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The update triggers also keep the rows before the update, so that a change names both donors.
DROP TRIGGER "donations_version_update" ON "donations";--> statement-breakpoint
CREATE TRIGGER "donations_version_update" AFTER UPDATE ON "donations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
DROP TRIGGER "pledges_version_update" ON "pledges";--> statement-breakpoint
CREATE TRIGGER "pledges_version_update" AFTER UPDATE ON "pledges" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
DROP TRIGGER "donor_metadata_version_update" ON "donor_metadata";--> statement-breakpoint
CREATE TRIGGER "donor_metadata_version_update" AFTER UPDATE ON "donor_metadata" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
DROP TRIGGER "donation_refunds_version_update" ON "donation_refunds";--> statement-breakpoint
CREATE TRIGGER "donation_refunds_version_update" AFTER UPDATE ON "donation_refunds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
SELECT "cdt_user_triggers_always"(true);
