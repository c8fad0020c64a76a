-- Each donation's part of its donor's match (server/modules/reports/donation-matches.ts) and the book version and
-- match terms it was computed for. Derived data, rewritten whole per campaign when stale.
CREATE TABLE "donation_match_states" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"book_version" bigint NOT NULL,
	"terms" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_matches" (
	"campaign_id" uuid NOT NULL,
	"donation_id" uuid NOT NULL,
	"matchable_cents" bigint NOT NULL,
	"public_funds_cents" bigint NOT NULL,
	"reason" text,
	CONSTRAINT "donation_matches_campaign_id_donation_id_pk" PRIMARY KEY("campaign_id","donation_id")
);
--> statement-breakpoint
ALTER TABLE "donation_match_states" ADD CONSTRAINT "donation_match_states_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_matches" ADD CONSTRAINT "donation_matches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;