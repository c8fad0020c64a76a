DROP INDEX "donors_campaign_created_idx";--> statement-breakpoint
DROP INDEX "pledges_campaign_date_idx";--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "pledged_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "outstanding_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "last_donation_date" date;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "donations_campaign_amount_idx" ON "donations" USING btree ("campaign_id","paid_amount_cents","id");--> statement-breakpoint
CREATE INDEX "donors_campaign_paid_idx" ON "donors" USING btree ("campaign_id","paid_cents","id");--> statement-breakpoint
CREATE INDEX "donors_campaign_outstanding_idx" ON "donors" USING btree ("campaign_id","outstanding_cents","id");--> statement-breakpoint
CREATE INDEX "donors_campaign_last_donation_idx" ON "donors" USING btree ("campaign_id","last_donation_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "donors_campaign_created_idx" ON "donors" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pledges_campaign_date_idx" ON "pledges" USING btree ("campaign_id","commitment_date","id");--> statement-breakpoint
-- Stored figures of the donor book, kept by triggers whoever writes (API, imports, online payments):
-- pledges.paid_cents = donations towards the pledge net of refunds; donors.paid_cents (donations net
-- of refunds), pledged_cents and outstanding_cents (pledges not written off) for the campaign's
-- election cycle (all time when it has none); donors.last_donation_date (newest not refunded).
CREATE OR REPLACE FUNCTION "donor_book_refresh_pledges"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "pledges" p
  SET "paid_cents" = f.paid
  FROM (
    SELECT p2.id,
      coalesce((SELECT sum(x.paid_amount_cents) FROM "donations" x WHERE x.pledge_id = p2.id AND x.refunded_at IS NULL), 0)::bigint AS paid
    FROM "pledges" p2
    WHERE p2.id = ANY(ids)
  ) f
  WHERE p.id = f.id AND p.paid_cents <> f.paid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_refresh_donors"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "donors" d
  SET "paid_cents" = f.paid, "pledged_cents" = f.pledged, "outstanding_cents" = f.outstanding, "last_donation_date" = f.last_date
  FROM (
    SELECT d2.id,
      coalesce(dn.paid, 0)::bigint AS paid,
      dn.last_date,
      coalesce(pl.pledged, 0)::bigint AS pledged,
      coalesce(pl.outstanding, 0)::bigint AS outstanding
    FROM "donors" d2
    JOIN "campaigns" c ON c.id = d2.campaign_id
    LEFT JOIN "election_cycles" ec ON ec.value = c.election_cycle
    LEFT JOIN LATERAL (
      SELECT sum(x.paid_amount_cents) FILTER (WHERE ec.value IS NULL OR x.paying_date BETWEEN ec.start_date AND ec.end_date) AS paid,
             max(x.paying_date) AS last_date
      FROM "donations" x
      WHERE x.donor_id = d2.id AND x.refunded_at IS NULL
    ) dn ON true
    LEFT JOIN LATERAL (
      SELECT sum(p.commitment_amount_cents) AS pledged,
             sum(greatest(0, p.commitment_amount_cents - p.paid_cents)) AS outstanding
      FROM "pledges" p
      WHERE p.donor_id = d2.id AND p.written_off_at IS NULL AND (ec.value IS NULL OR p.commitment_date BETWEEN ec.start_date AND ec.end_date)
    ) pl ON true
    WHERE d2.id = ANY(ids)
  ) f
  WHERE d.id = f.id
    AND (d.paid_cents, d.pledged_cents, d.outstanding_cents, d.last_donation_date) IS DISTINCT FROM (f.paid, f.pledged, f.outstanding, f.last_date)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_donations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pledge_ids uuid[];
  donor_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.pledge_id) FILTER (WHERE r.pledge_id IS NOT NULL), array_agg(DISTINCT r.donor_id) INTO pledge_ids, donor_ids FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.pledge_id) FILTER (WHERE r.pledge_id IS NOT NULL), array_agg(DISTINCT r.donor_id) INTO pledge_ids, donor_ids FROM old_rows r;
  ELSE
    SELECT array_agg(DISTINCT r.pledge_id) FILTER (WHERE r.pledge_id IS NOT NULL), array_agg(DISTINCT r.donor_id) INTO pledge_ids, donor_ids
    FROM (SELECT n.pledge_id, n.donor_id FROM new_rows n UNION ALL SELECT o.pledge_id, o.donor_id FROM old_rows o) r;
  END IF;
  IF pledge_ids IS NOT NULL THEN PERFORM "donor_book_refresh_pledges"(pledge_ids); END IF;
  IF donor_ids IS NOT NULL THEN PERFORM "donor_book_refresh_donors"(donor_ids); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_pledges_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  donor_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.donor_id) INTO donor_ids FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.donor_id) INTO donor_ids FROM old_rows r;
  ELSE
    -- Only a change of what the figures read (paid_cents alone is refreshed by the donations trigger, which refreshes the donors itself).
    SELECT array_agg(DISTINCT x.donor_id) INTO donor_ids
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.donor_id), (o.donor_id)) AS x(donor_id)
    WHERE (n.donor_id, n.commitment_amount_cents, n.commitment_date, n.written_off_at) IS DISTINCT FROM (o.donor_id, o.commitment_amount_cents, o.commitment_date, o.written_off_at);
  END IF;
  IF donor_ids IS NOT NULL THEN PERFORM "donor_book_refresh_donors"(donor_ids); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donor_book_campaign_cycle_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "donor_book_refresh_donors"(ARRAY(SELECT d.id FROM "donors" d WHERE d.campaign_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "donations_totals_insert" AFTER INSERT ON "donations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_donations_changed"();--> statement-breakpoint
CREATE TRIGGER "donations_totals_update" AFTER UPDATE ON "donations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_donations_changed"();--> statement-breakpoint
CREATE TRIGGER "donations_totals_delete" AFTER DELETE ON "donations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_donations_changed"();--> statement-breakpoint
CREATE TRIGGER "pledges_totals_insert" AFTER INSERT ON "pledges" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_pledges_changed"();--> statement-breakpoint
CREATE TRIGGER "pledges_totals_update" AFTER UPDATE ON "pledges" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_pledges_changed"();--> statement-breakpoint
CREATE TRIGGER "pledges_totals_delete" AFTER DELETE ON "pledges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_pledges_changed"();--> statement-breakpoint
CREATE TRIGGER "campaigns_cycle_totals" AFTER UPDATE OF "election_cycle" ON "campaigns" FOR EACH ROW WHEN (OLD.election_cycle IS DISTINCT FROM NEW.election_cycle) EXECUTE FUNCTION "donor_book_campaign_cycle_changed"();--> statement-breakpoint
SELECT "donor_book_refresh_pledges"(ARRAY(SELECT id FROM "pledges"));--> statement-breakpoint
SELECT "donor_book_refresh_donors"(ARRAY(SELECT id FROM "donors"));
