-- The campaign's NYC Campaign Finance Board identifiers, as C-SMART's contribution import file wants
-- them (C-SMART Help: Monetary Contributions, File Layout: column B "Candidate ID", at most 4
-- characters; column D "Committee ID", 1 character; both shown in the Campaign Profile of C-Access).
-- Checked by the shared yup schema (domain/validation/campaign.ts); the checks here keep the table honest.
ALTER TABLE "campaigns" ADD COLUMN "cfb_candidate_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cfb_committee_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_cfb_candidate_id_format" CHECK ("cfb_candidate_id" ~ '^[A-Za-z0-9]{1,4}$');--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_cfb_committee_id_format" CHECK ("cfb_committee_id" ~ '^[A-Za-z0-9]$');
