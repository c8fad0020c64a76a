-- Import batches (issue 32 point 6): two batches run at once on two connections, and each used to
-- update the campaign's one campaign_book_totals row in its first trigger, then hold that row's lock
-- through the rest of its work (the pledges' and donors' figures, the matchable parts): the second
-- batch waited for the first to commit, so the two cores worked one batch at a time.
--
-- A transaction that sets cdt.defer_book_totals = 'on' (SET LOCAL; only the import's batches do)
-- queues its deltas in campaign_book_totals_pending instead, and its version bumps (the campaign's
-- one donor_book_versions row, with the donors each one changed) in donor_book_versions_pending; a
-- deferred constraint trigger applies both when the transaction commits (and removes them), so those
-- rows are locked for the commit only. The figures are the same deltas, summed, and the versions the
-- same bumps: nothing is lost or counted twice (a rollback takes the queued rows
-- with it). The commit takes the totals row before the version row, the order every other writer's
-- triggers take them in (campaign totals triggers sort before version triggers), so an import batch
-- and a writer of the same campaign cannot deadlock over these two rows. Every other writer updates
-- both rows at once, as before.
CREATE TABLE "campaign_book_totals_pending" (
	"campaign_id" uuid NOT NULL,
	"raised_cents" bigint NOT NULL,
	"donation_count" integer NOT NULL,
	"pledged_cents" bigint NOT NULL,
	"outstanding_cents" bigint NOT NULL,
	"donor_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_book_versions_pending" (
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"donor_ids" uuid[]
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "campaign_book_totals_apply"(deltas "campaign_book_totals"[]) RETURNS void LANGUAGE sql AS $$
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
CREATE OR REPLACE FUNCTION "campaign_book_totals_add"(deltas "campaign_book_totals"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('cdt.defer_book_totals', true), '') = 'on' THEN
    INSERT INTO "campaign_book_totals_pending" ("campaign_id", "raised_cents", "donation_count", "pledged_cents", "outstanding_cents", "donor_count")
      SELECT d.campaign_id, d.raised_cents, d.donation_count, d.pledged_cents, d.outstanding_cents, d.donor_count FROM unnest(deltas) d;
  ELSE
    PERFORM "campaign_book_totals_apply"(deltas);
  END IF;
END
$$;--> statement-breakpoint
-- At commit: every queued delta and version this transaction sees (its own; another transaction's
-- are not visible before it commits, and it applies them itself before that), the totals first.
CREATE OR REPLACE FUNCTION "donor_book_flush_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas "campaign_book_totals"[];
  queued record;
  bumped bigint;
BEGIN
  WITH gone AS (DELETE FROM "campaign_book_totals_pending" RETURNING *)
  SELECT array_agg(ROW(g.campaign_id, g.raised_cents, g.donation_count, g.pledged_cents, g.outstanding_cents, g.donor_count)::"campaign_book_totals") INTO deltas FROM gone g;
  IF deltas IS NOT NULL THEN PERFORM "campaign_book_totals_apply"(deltas); END IF;
  -- One bump per queued statement, as the statement would have made (they all become visible together
  -- at the commit, so their order does not matter to a reader).
  FOR queued IN WITH gone AS (DELETE FROM "donor_book_versions_pending" RETURNING *) SELECT * FROM gone
  LOOP
    INSERT INTO "donor_book_versions" AS v ("campaign_id", "version")
      SELECT queued.campaign_id, 1 WHERE EXISTS (SELECT 1 FROM "campaigns" c WHERE c.id = queued.campaign_id)
      ON CONFLICT ("campaign_id") DO UPDATE SET "version" = v.version + 1
      RETURNING v.version INTO bumped;
    IF bumped IS NOT NULL THEN PERFORM "donor_book_log_change"(queued.campaign_id, bumped, queued.kind, queued.donor_ids); END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "campaign_book_totals_pending_flush" AFTER INSERT ON "campaign_book_totals_pending" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "donor_book_flush_pending"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "donor_book_versions_pending_flush" AFTER INSERT ON "donor_book_versions_pending" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "donor_book_flush_pending"();--> statement-breakpoint
-- donor_book_bump_version (0024), queueing its bump when the transaction defers them.
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
  IF coalesce(current_setting('cdt.defer_book_totals', true), '') = 'on' THEN
    EXECUTE format('INSERT INTO "donor_book_versions_pending" ("campaign_id", "kind", "donor_ids")
      SELECT t.campaign_id, $1, array_agg(DISTINCT t.donor_id) FROM (%s) t GROUP BY t.campaign_id ORDER BY t.campaign_id', format(donors_of, written)) USING change_kind;
    RETURN NULL;
  END IF;
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
-- The figure refreshes update only the rows they were given (they joined the whole table to them:
-- every donor or pledge of the database read once per batch), and a pledge's paid amount is summed
-- once (it was summed twice: once to compare, once to set).
CREATE OR REPLACE FUNCTION "donor_book_refresh_pledges"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "pledges" p
  SET "paid_cents" = f.paid
  FROM (
    SELECT p2.id, coalesce(sum(x.paid_amount_cents - x.refunded_cents), 0)::bigint AS paid
    FROM "pledges" p2
    LEFT JOIN "donations" x ON x.pledge_id = p2.id
    WHERE p2.id = ANY(ids)
    GROUP BY p2.id
  ) f
  WHERE p.id = f.id AND p.id = ANY(ids) AND p.paid_cents <> f.paid
$$;--> statement-breakpoint
-- A pledge's paid amount is in no index: with room left on its page, the update a payment makes is a
-- HOT update (no new index entries). Pages written from now on keep 15% free.
ALTER TABLE "pledges" SET (fillfactor = 85);--> statement-breakpoint
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
  WHERE d.id = f.id AND d.id = ANY(ids)
    AND (d.paid_cents, d.pledged_cents, d.outstanding_cents, d.last_donation_date, d.all_time_paid_cents, d.all_time_pledged_cents, d.all_time_outstanding_cents)
        IS DISTINCT FROM (f.paid, f.pledged, f.outstanding, f.last_date, f.all_paid, f.all_pledged, f.all_outstanding)
$$;--> statement-breakpoint
SELECT "cdt_user_triggers_always"(true);
