-- Trigram index for the donor list's search (pg_trgm is a trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "donor_book_versions" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || ' | ' || coalesce(lower(donor_email), '') || ' | ' || coalesce(lower(employer), '') || ' | ' || coalesce(donor_phone, '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "donor_book_versions" ADD CONSTRAINT "donor_book_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donors_search_trgm_idx" ON "donors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- donor_book_versions: bumped once per statement that writes a campaign's donors, pledges, donations
-- or tags/notes (writes made by the donor book's own triggers are already counted). The API caches
-- list counts and totals against it. Named to fire after the *_totals_* triggers of the same table.
CREATE OR REPLACE FUNCTION "donor_book_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "donor_book_versions" AS v ("campaign_id", "version")
    SELECT DISTINCT r.campaign_id, 1 FROM old_rows r WHERE EXISTS (SELECT 1 FROM "campaigns" c WHERE c.id = r.campaign_id)
    ON CONFLICT ("campaign_id") DO UPDATE SET "version" = v.version + 1;
  ELSE
    INSERT INTO "donor_book_versions" AS v ("campaign_id", "version")
    SELECT DISTINCT r.campaign_id, 1 FROM new_rows r
    ON CONFLICT ("campaign_id") DO UPDATE SET "version" = v.version + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "donors_version_insert" AFTER INSERT ON "donors" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donors_version_update" AFTER UPDATE ON "donors" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donors_version_delete" AFTER DELETE ON "donors" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donations_version_insert" AFTER INSERT ON "donations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donations_version_update" AFTER UPDATE ON "donations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donations_version_delete" AFTER DELETE ON "donations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "pledges_version_insert" AFTER INSERT ON "pledges" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "pledges_version_update" AFTER UPDATE ON "pledges" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "pledges_version_delete" AFTER DELETE ON "pledges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donor_metadata_version_insert" AFTER INSERT ON "donor_metadata" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donor_metadata_version_update" AFTER UPDATE ON "donor_metadata" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donor_metadata_version_delete" AFTER DELETE ON "donor_metadata" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();
--> statement-breakpoint
-- A new election cycle changes every donor's figures (refreshed by a nested write, not counted above).
CREATE OR REPLACE FUNCTION "donor_book_campaign_cycle_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "donor_book_refresh_donors"(ARRAY(SELECT d.id FROM "donors" d WHERE d.campaign_id = NEW.id));
  INSERT INTO "donor_book_versions" AS v ("campaign_id", "version") VALUES (NEW.id, 1)
  ON CONFLICT ("campaign_id") DO UPDATE SET "version" = v.version + 1;
  RETURN NULL;
END
$$;
