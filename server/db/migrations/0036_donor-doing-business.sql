-- A donor marked as doing business with the City (NYC Doing Business Database; issue 35.5): the
-- compliance engine gives such a donor the lower NYC limit of the office and no matchable part. Set by
-- staff on the donor form or by applying a Doing Business Database extract. The match-mark trigger of
-- migration 0022 now also watches the flag, so the donor's stored matchable part is computed again in
-- the transaction that changes it.
ALTER TABLE "donors" ADD COLUMN "doing_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
DROP TRIGGER "donors_match_mark_update" ON "donors";--> statement-breakpoint
CREATE TRIGGER "donors_match_mark_update" AFTER UPDATE OF "contributor_type", "eligibility", "country", "state", "city", "zip", "district", "doing_business" ON "donors"
  FOR EACH ROW WHEN ((OLD.contributor_type, OLD.eligibility, OLD.country, OLD.state, OLD.city, OLD.zip, OLD.district, OLD.doing_business)
                     IS DISTINCT FROM (NEW.contributor_type, NEW.eligibility, NEW.country, NEW.state, NEW.city, NEW.zip, NEW.district, NEW.doing_business))
  EXECUTE FUNCTION "donation_match_mark_donor"();--> statement-breakpoint
SELECT "cdt_user_triggers_always"(true);
