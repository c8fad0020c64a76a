-- A donation's list row now shows what PayPal says of it beyond the books: its refunds asked of PayPal
-- and not booked (pending, unanswered, failed) and its disputes. The donation lists are cached per
-- donor-book version (and kept rows are read again for the donors a version names), so a write of
-- payment_refunds or payment_disputes of a donation's payment now bumps the campaign's version and
-- logs the donation's donor as changed ('figures'), as a booked refund does. A package's payment has
-- no donation: its refunds bump nothing.
CREATE OR REPLACE FUNCTION "donor_book_bump_for_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped record;
  touched uuid[];
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  FOR bumped IN
    INSERT INTO "donor_book_versions" AS v ("campaign_id", "version")
    SELECT DISTINCT r.campaign_id, 1 FROM new_rows r JOIN "payments" p ON p.id = r.payment_id AND p.campaign_id = r.campaign_id
    WHERE p.donation_id IS NOT NULL AND EXISTS (SELECT 1 FROM "campaigns" c WHERE c.id = r.campaign_id)
    ON CONFLICT ("campaign_id") DO UPDATE SET "version" = v.version + 1
    RETURNING v.campaign_id, v.version
  LOOP
    SELECT array_agg(DISTINCT d.donor_id) INTO touched
    FROM new_rows r JOIN "payments" p ON p.id = r.payment_id AND p.campaign_id = r.campaign_id JOIN "donations" d ON d.id = p.donation_id
    WHERE r.campaign_id = bumped.campaign_id;
    PERFORM "donor_book_log_change"(bumped.campaign_id, bumped.version, 'figures', touched);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_refunds_version_insert" AFTER INSERT ON "payment_refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_for_payment"();--> statement-breakpoint
CREATE TRIGGER "payment_refunds_version_update" AFTER UPDATE ON "payment_refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_for_payment"();--> statement-breakpoint
CREATE TRIGGER "payment_disputes_version_insert" AFTER INSERT ON "payment_disputes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_for_payment"();--> statement-breakpoint
CREATE TRIGGER "payment_disputes_version_update" AFTER UPDATE ON "payment_disputes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "donor_book_bump_for_payment"();--> statement-breakpoint
-- A donation's payment, found by the donation (the refund dialog, the list rows above).
CREATE INDEX "payments_donation_idx" ON "payments" USING btree ("donation_id") WHERE "payments"."donation_id" is not null;--> statement-breakpoint
SELECT "cdt_user_triggers_always"(true);
