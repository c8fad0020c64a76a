-- The legal notices of a campaign's giving page and of the donor's receipt (issue 31, point 4):
-- "Paid for by …", the tax notice, the privacy-policy link and the contribution rules in one line.
-- NULL follows the default built from the campaign's name, committee and rule table
-- (domain/payments/giving-notices.ts); an empty rules line shows none.
ALTER TABLE "giving_pages" ADD COLUMN "paid_for_by" text;--> statement-breakpoint
ALTER TABLE "giving_pages" ADD COLUMN "tax_notice" text;--> statement-breakpoint
ALTER TABLE "giving_pages" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "giving_pages" ADD COLUMN "rules_notice" text;
