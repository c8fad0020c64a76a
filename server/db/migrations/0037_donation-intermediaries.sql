-- A contribution (a donation, a pledge payment) can name its intermediary (issue 35.6): the person who
-- delivered or solicited it, as C-SMART records one (name, address, employer and occupation, and the
-- Intermediary Number C-SMART gave them, written in column M of the contribution import file). One
-- JSON object per donation (domain/donor-book/api-contract.ts Intermediary), null when none; the
-- per-intermediary report groups by its name and ZIP.
ALTER TABLE "donations" ADD COLUMN "intermediary" jsonb;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_intermediary_named" CHECK ("donations"."intermediary" IS NULL OR (jsonb_typeof("donations"."intermediary") = 'object' AND coalesce(btrim("donations"."intermediary"->>'name'), '') <> ''));
