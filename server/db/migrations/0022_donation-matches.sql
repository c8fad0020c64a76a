-- Each donation's part of its donor's match (server/modules/donors/donation-matches.ts keeps it), the
-- match terms and totals it was computed for, and the donors a write made stale since. Derived data:
-- the triggers below mark a donor when their donations change (amount, refund, method, date, donor)
-- or their matching attributes do (type, eligibility, residence); a read computes the marked donors
-- again (everything, when the campaign's match terms changed).
CREATE TABLE "donation_match_dirty" (
	"campaign_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"seq" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	CONSTRAINT "donation_match_dirty_campaign_id_donor_id_pk" PRIMARY KEY("campaign_id","donor_id")
);
--> statement-breakpoint
CREATE TABLE "donation_match_states" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"terms" text NOT NULL,
	"matchable_cents" bigint NOT NULL,
	"public_funds_cents" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_matches" (
	"campaign_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"donation_id" uuid NOT NULL,
	"matchable_cents" bigint NOT NULL,
	"public_funds_cents" bigint NOT NULL,
	"reason" text,
	CONSTRAINT "donation_matches_campaign_id_donor_id_donation_id_pk" PRIMARY KEY("campaign_id","donor_id","donation_id")
);
--> statement-breakpoint
ALTER TABLE "donation_match_dirty" ADD CONSTRAINT "donation_match_dirty_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_match_states" ADD CONSTRAINT "donation_match_states_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_matches" ADD CONSTRAINT "donation_matches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A statement that writes more than 500 donations (an import batch) marks its campaigns as a whole
-- (donor_id 00000000-…: compute everything), one row instead of one per donor.
CREATE OR REPLACE FUNCTION "donation_match_mark_donations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  whole constant uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF (SELECT count(*) FROM new_rows) > 500 THEN
      INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id")
        SELECT DISTINCT r.campaign_id, whole FROM new_rows r
        ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
    ELSE
      INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id")
        SELECT DISTINCT r.campaign_id, r.donor_id FROM new_rows r
        ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF (SELECT count(*) FROM old_rows) > 500 THEN
      INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id")
        SELECT DISTINCT r.campaign_id, whole FROM old_rows r
        ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
    ELSE
      INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id")
        SELECT DISTINCT r.campaign_id, r.donor_id FROM old_rows r
        ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
    END IF;
  ELSE
    INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id")
      SELECT x.campaign_id, x.donor_id FROM (
        SELECT n.campaign_id, n.donor_id, o.campaign_id AS old_campaign_id, o.donor_id AS old_donor_id
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.campaign_id, n.donor_id, n.paid_amount_cents, n.refunded_cents, n.payment_method, n.paying_date)
              IS DISTINCT FROM (o.campaign_id, o.donor_id, o.paid_amount_cents, o.refunded_cents, o.payment_method, o.paying_date)
      ) c CROSS JOIN LATERAL (VALUES (c.campaign_id, c.donor_id), (c.old_campaign_id, c.old_donor_id)) AS x(campaign_id, donor_id)
      GROUP BY x.campaign_id, x.donor_id
      ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donation_match_mark_donor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id") VALUES (NEW.campaign_id, NEW.id)
    ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "donations_match_mark_insert" AFTER INSERT ON "donations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donation_match_mark_donations"();--> statement-breakpoint
CREATE TRIGGER "donations_match_mark_update" AFTER UPDATE ON "donations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donation_match_mark_donations"();--> statement-breakpoint
CREATE TRIGGER "donations_match_mark_delete" AFTER DELETE ON "donations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donation_match_mark_donations"();--> statement-breakpoint
-- A row trigger on the matching columns only: the totals triggers' updates of donors (every donation
-- write) do not name them, so it never fires for those.
CREATE TRIGGER "donors_match_mark_update" AFTER UPDATE OF "contributor_type", "eligibility", "country", "state", "city", "zip", "district" ON "donors"
  FOR EACH ROW WHEN ((OLD.contributor_type, OLD.eligibility, OLD.country, OLD.state, OLD.city, OLD.zip, OLD.district)
                     IS DISTINCT FROM (NEW.contributor_type, NEW.eligibility, NEW.country, NEW.state, NEW.city, NEW.zip, NEW.district))
  EXECUTE FUNCTION "donation_match_mark_donor"();--> statement-breakpoint
SELECT "cdt_user_triggers_always"(true);
