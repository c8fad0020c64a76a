-- Each donor's matchable part, kept in the same transaction as the write that changes the donor's
-- gifts (server/modules/donors/donation-matches.ts, keepDonationMatches): the dashboard's matchable
-- amount and public funds are the sums of these rows, read in one statement that never waits on
-- writers. The per-campaign running totals of donation_match_states go (a hot row every writer would
-- have to lock); the state keeps the match terms the parts were computed for.
CREATE TABLE "donor_matches" (
	"campaign_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"matchable_cents" bigint NOT NULL,
	"public_funds_cents" bigint NOT NULL,
	CONSTRAINT "donor_matches_campaign_id_donor_id_pk" PRIMARY KEY("campaign_id","donor_id")
);
--> statement-breakpoint
ALTER TABLE "donor_matches" ADD CONSTRAINT "donor_matches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "donor_matches" ("campaign_id", "donor_id", "matchable_cents", "public_funds_cents")
  SELECT "campaign_id", "donor_id", sum("matchable_cents"), sum("public_funds_cents") FROM "donation_matches" GROUP BY "campaign_id", "donor_id";--> statement-breakpoint
ALTER TABLE "donation_match_states" DROP COLUMN "matchable_cents";--> statement-breakpoint
ALTER TABLE "donation_match_states" DROP COLUMN "public_funds_cents";--> statement-breakpoint
-- Every write marks the donors it touched, however many (an import batch too): the writing
-- transaction computes exactly its own marks again before it commits (the whole-campaign mark of
-- migration 0022 is no longer made; one left from before still means "compute everything").
CREATE OR REPLACE FUNCTION "donation_match_mark_donations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id")
      SELECT DISTINCT r.campaign_id, r.donor_id FROM new_rows r
      ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "donation_match_dirty" AS m ("campaign_id", "donor_id")
      SELECT DISTINCT r.campaign_id, r.donor_id FROM old_rows r
      ON CONFLICT ("campaign_id", "donor_id") DO UPDATE SET "seq" = excluded.seq;
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
$$;
