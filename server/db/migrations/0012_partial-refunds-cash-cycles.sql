CREATE TABLE "donation_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"donation_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"refund_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_refunds_amount_positive" CHECK ("donation_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_payment_method_known";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "check_number" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "all_time_pledged_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "all_time_paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "all_time_outstanding_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_refunds_donation_idx" ON "donation_refunds" USING btree ("donation_id","created_at");--> statement-breakpoint
CREATE INDEX "donation_refunds_campaign_date_idx" ON "donation_refunds" USING btree ("campaign_id","refund_date");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_refunded_within_paid" CHECK ("donations"."refunded_cents" >= 0 and "donations"."refunded_cents" <= "donations"."paid_amount_cents");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_method_known" CHECK ("donations"."payment_method" in ('paypal', 'cash', 'check', 'card', 'zelle', 'venmo'));--> statement-breakpoint
-- Partial refunds: every refund is a row of donation_refunds; donations.refunded_cents (their sum),
-- refunded_at and refund_reason (the latest) are kept by the trigger below, whoever writes. A donation
-- counts for paid_amount_cents - refunded_cents everywhere (totals, limits, matching).
INSERT INTO "donation_refunds" ("campaign_id", "donation_id", "amount_cents", "refund_date", "reason", "created_by", "created_at")
SELECT d.campaign_id, d.id, d.paid_amount_cents, d.refunded_at, coalesce(nullif(d.refund_reason, ''), 'Refund'), NULL, d.updated_at
FROM "donations" d WHERE d.refunded_at IS NOT NULL;--> statement-breakpoint
UPDATE "donations" SET "refunded_cents" = "paid_amount_cents" WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_refresh_refunded"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "donations" d
  SET "refunded_cents" = f.refunded, "refunded_at" = f.last_date, "refund_reason" = f.last_reason
  FROM (
    SELECT d2.id,
      coalesce((SELECT sum(r.amount_cents) FROM "donation_refunds" r WHERE r.donation_id = d2.id), 0)::bigint AS refunded,
      (SELECT r.refund_date FROM "donation_refunds" r WHERE r.donation_id = d2.id ORDER BY r.refund_date DESC, r.created_at DESC, r.id DESC LIMIT 1) AS last_date,
      (SELECT r.reason FROM "donation_refunds" r WHERE r.donation_id = d2.id ORDER BY r.refund_date DESC, r.created_at DESC, r.id DESC LIMIT 1) AS last_reason
    FROM "donations" d2
    WHERE d2.id = ANY(ids)
  ) f
  WHERE d.id = f.id
    AND (d.refunded_cents, d.refunded_at, d.refund_reason) IS DISTINCT FROM (f.refunded, f.last_date, f.last_reason)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_refunds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  donation_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.donation_id) INTO donation_ids FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.donation_id) INTO donation_ids FROM old_rows r;
  ELSE
    SELECT array_agg(DISTINCT r.donation_id) INTO donation_ids
    FROM (SELECT n.donation_id FROM new_rows n UNION ALL SELECT o.donation_id FROM old_rows o) r;
  END IF;
  IF donation_ids IS NOT NULL THEN PERFORM "donor_book_refresh_refunded"(donation_ids); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "donation_refunds_insert" AFTER INSERT ON "donation_refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_refunds_changed"();--> statement-breakpoint
CREATE TRIGGER "donation_refunds_update" AFTER UPDATE ON "donation_refunds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_refunds_changed"();--> statement-breakpoint
CREATE TRIGGER "donation_refunds_delete" AFTER DELETE ON "donation_refunds" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_refunds_changed"();--> statement-breakpoint
-- Pledge and donor figures read net amounts; donors also keep all-time figures beside the cycle's.
CREATE OR REPLACE FUNCTION "donor_book_refresh_pledges"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "pledges" p
  SET "paid_cents" = f.paid
  FROM (
    SELECT p2.id,
      coalesce((SELECT sum(x.paid_amount_cents - x.refunded_cents) FROM "donations" x WHERE x.pledge_id = p2.id), 0)::bigint AS paid
    FROM "pledges" p2
    WHERE p2.id = ANY(ids)
  ) f
  WHERE p.id = f.id AND p.paid_cents <> f.paid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_refresh_donors"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "donors" d
  SET "paid_cents" = f.paid, "pledged_cents" = f.pledged, "outstanding_cents" = f.outstanding, "last_donation_date" = f.last_date,
      "all_time_paid_cents" = f.all_paid, "all_time_pledged_cents" = f.all_pledged, "all_time_outstanding_cents" = f.all_outstanding
  FROM (
    SELECT d2.id,
      coalesce(dn.paid, 0)::bigint AS paid,
      coalesce(dn.all_paid, 0)::bigint AS all_paid,
      dn.last_date,
      coalesce(pl.pledged, 0)::bigint AS pledged,
      coalesce(pl.outstanding, 0)::bigint AS outstanding,
      coalesce(pl.all_pledged, 0)::bigint AS all_pledged,
      coalesce(pl.all_outstanding, 0)::bigint AS all_outstanding
    FROM "donors" d2
    JOIN "campaigns" c ON c.id = d2.campaign_id
    LEFT JOIN "election_cycles" ec ON ec.value = c.election_cycle
    LEFT JOIN LATERAL (
      SELECT sum(x.paid_amount_cents - x.refunded_cents) FILTER (WHERE ec.value IS NULL OR x.paying_date BETWEEN ec.start_date AND ec.end_date) AS paid,
             sum(x.paid_amount_cents - x.refunded_cents) AS all_paid,
             max(x.paying_date) FILTER (WHERE x.paid_amount_cents > x.refunded_cents) AS last_date
      FROM "donations" x
      WHERE x.donor_id = d2.id
    ) dn ON true
    LEFT JOIN LATERAL (
      SELECT sum(p.commitment_amount_cents) FILTER (WHERE ec.value IS NULL OR p.commitment_date BETWEEN ec.start_date AND ec.end_date) AS pledged,
             sum(greatest(0, p.commitment_amount_cents - p.paid_cents)) FILTER (WHERE ec.value IS NULL OR p.commitment_date BETWEEN ec.start_date AND ec.end_date) AS outstanding,
             sum(p.commitment_amount_cents) AS all_pledged,
             sum(greatest(0, p.commitment_amount_cents - p.paid_cents)) AS all_outstanding
      FROM "pledges" p
      WHERE p.donor_id = d2.id AND p.written_off_at IS NULL
    ) pl ON true
    WHERE d2.id = ANY(ids)
  ) f
  WHERE d.id = f.id
    AND (d.paid_cents, d.pledged_cents, d.outstanding_cents, d.last_donation_date, d.all_time_paid_cents, d.all_time_pledged_cents, d.all_time_outstanding_cents)
        IS DISTINCT FROM (f.paid, f.pledged, f.outstanding, f.last_date, f.all_paid, f.all_pledged, f.all_outstanding)
$$;--> statement-breakpoint
SELECT "donor_book_refresh_pledges"(ARRAY(SELECT id FROM "pledges"));--> statement-breakpoint
SELECT "donor_book_refresh_donors"(ARRAY(SELECT id FROM "donors"));
--> statement-breakpoint
-- A refund is a donor-book write: bump the campaign's version (the refunded-total update it causes on
-- donations runs at trigger depth 2, where donor_book_bump_version counts nothing).
CREATE TRIGGER "donation_refunds_version_insert" AFTER INSERT ON "donation_refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donation_refunds_version_update" AFTER UPDATE ON "donation_refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();--> statement-breakpoint
CREATE TRIGGER "donation_refunds_version_delete" AFTER DELETE ON "donation_refunds" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_version"();
