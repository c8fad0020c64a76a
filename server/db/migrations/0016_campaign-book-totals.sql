CREATE TABLE "campaign_book_totals" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL,
	"donation_count" integer DEFAULT 0 NOT NULL,
	"pledged_cents" bigint DEFAULT 0 NOT NULL,
	"outstanding_cents" bigint DEFAULT 0 NOT NULL,
	"donor_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_book_totals" ADD CONSTRAINT "campaign_book_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- campaign_book_totals: each statement that writes donations, pledges or donors adds what it changed
-- (new rows minus old rows) to its campaigns' figures, in the same transaction. Nested statements
-- count too (a donation's trigger updates its pledge's paid_cents: outstanding changes). Rows of a
-- campaign being deleted are skipped (its totals row goes with it).
CREATE OR REPLACE FUNCTION "campaign_book_totals_add"(deltas "campaign_book_totals"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "campaign_book_totals" AS t ("campaign_id", "raised_cents", "donation_count", "pledged_cents", "outstanding_cents", "donor_count")
  SELECT d.campaign_id, sum(d.raised_cents), sum(d.donation_count), sum(d.pledged_cents), sum(d.outstanding_cents), sum(d.donor_count)
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM "campaigns" c WHERE c.id = d.campaign_id)
  GROUP BY d.campaign_id
  ON CONFLICT ("campaign_id") DO UPDATE SET
    "raised_cents" = t.raised_cents + excluded.raised_cents,
    "donation_count" = t.donation_count + excluded.donation_count,
    "pledged_cents" = t.pledged_cents + excluded.pledged_cents,
    "outstanding_cents" = t.outstanding_cents + excluded.outstanding_cents,
    "donor_count" = t.donor_count + excluded.donor_count
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "campaign_book_totals_donations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "campaign_book_totals_add"(ARRAY(
      SELECT ROW(r.campaign_id, sum(r.paid_amount_cents - r.refunded_cents)::bigint, (count(*) FILTER (WHERE r.paid_amount_cents > r.refunded_cents))::int, 0, 0, 0)::"campaign_book_totals"
      FROM new_rows r GROUP BY r.campaign_id));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "campaign_book_totals_add"(ARRAY(
      SELECT ROW(r.campaign_id, (-sum(r.paid_amount_cents - r.refunded_cents))::bigint, (-(count(*) FILTER (WHERE r.paid_amount_cents > r.refunded_cents)))::int, 0, 0, 0)::"campaign_book_totals"
      FROM old_rows r GROUP BY r.campaign_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "campaign_book_totals_pledges"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "campaign_book_totals_add"(ARRAY(
      SELECT ROW(r.campaign_id, 0, 0,
                 coalesce(sum(r.commitment_amount_cents) FILTER (WHERE r.written_off_at IS NULL), 0)::bigint,
                 coalesce(sum(greatest(0, r.commitment_amount_cents - r.paid_cents)) FILTER (WHERE r.written_off_at IS NULL), 0)::bigint, 0)::"campaign_book_totals"
      FROM new_rows r GROUP BY r.campaign_id));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "campaign_book_totals_add"(ARRAY(
      SELECT ROW(r.campaign_id, 0, 0,
                 (-coalesce(sum(r.commitment_amount_cents) FILTER (WHERE r.written_off_at IS NULL), 0))::bigint,
                 (-coalesce(sum(greatest(0, r.commitment_amount_cents - r.paid_cents)) FILTER (WHERE r.written_off_at IS NULL), 0))::bigint, 0)::"campaign_book_totals"
      FROM old_rows r GROUP BY r.campaign_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "campaign_book_totals_donors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "campaign_book_totals_add"(ARRAY(SELECT ROW(r.campaign_id, 0, 0, 0, 0, count(*)::int)::"campaign_book_totals" FROM new_rows r GROUP BY r.campaign_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "campaign_book_totals_add"(ARRAY(SELECT ROW(r.campaign_id, 0, 0, 0, 0, (-count(*))::int)::"campaign_book_totals" FROM old_rows r GROUP BY r.campaign_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "donations_campaign_totals_insert" AFTER INSERT ON "donations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_donations"();--> statement-breakpoint
CREATE TRIGGER "donations_campaign_totals_update" AFTER UPDATE ON "donations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_donations"();--> statement-breakpoint
CREATE TRIGGER "donations_campaign_totals_delete" AFTER DELETE ON "donations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_donations"();--> statement-breakpoint
CREATE TRIGGER "pledges_campaign_totals_insert" AFTER INSERT ON "pledges" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_pledges"();--> statement-breakpoint
CREATE TRIGGER "pledges_campaign_totals_update" AFTER UPDATE ON "pledges" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_pledges"();--> statement-breakpoint
CREATE TRIGGER "pledges_campaign_totals_delete" AFTER DELETE ON "pledges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_pledges"();--> statement-breakpoint
CREATE TRIGGER "donors_campaign_totals_insert" AFTER INSERT ON "donors" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_donors"();--> statement-breakpoint
CREATE TRIGGER "donors_campaign_totals_delete" AFTER DELETE ON "donors" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_book_totals_donors"();--> statement-breakpoint
INSERT INTO "campaign_book_totals" ("campaign_id", "raised_cents", "donation_count", "pledged_cents", "outstanding_cents", "donor_count")
SELECT c.id,
  coalesce((SELECT sum(x.paid_amount_cents - x.refunded_cents) FROM "donations" x WHERE x.campaign_id = c.id), 0),
  (SELECT count(*) FROM "donations" x WHERE x.campaign_id = c.id AND x.paid_amount_cents > x.refunded_cents),
  coalesce((SELECT sum(p.commitment_amount_cents) FROM "pledges" p WHERE p.campaign_id = c.id AND p.written_off_at IS NULL), 0),
  coalesce((SELECT sum(greatest(0, p.commitment_amount_cents - p.paid_cents)) FROM "pledges" p WHERE p.campaign_id = c.id AND p.written_off_at IS NULL), 0),
  (SELECT count(*) FROM "donors" d WHERE d.campaign_id = c.id)
FROM "campaigns" c
ON CONFLICT ("campaign_id") DO NOTHING;
