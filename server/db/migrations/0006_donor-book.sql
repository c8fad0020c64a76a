CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"pledge_id" uuid,
	"paying_date" date NOT NULL,
	"paid_amount_cents" integer NOT NULL,
	"payment_method" text NOT NULL,
	"reference_number" text,
	"recipient" text,
	"memo" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_ref" text,
	"refunded_at" date,
	"refund_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_amount_positive" CHECK ("donations"."paid_amount_cents" > 0),
	CONSTRAINT "donations_payment_method_known" CHECK ("donations"."payment_method" in ('paypal', 'cash', 'card', 'zelle', 'venmo')),
	CONSTRAINT "donations_source_known" CHECK ("donations"."source" in ('manual', 'import', 'online'))
);
--> statement-breakpoint
CREATE TABLE "donor_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text,
	"channel" text,
	"note" text,
	"next_call_date" date,
	"outbox_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "donor_contacts_kind_known" CHECK ("donor_contacts"."kind" in ('call', 'reminder')),
	CONSTRAINT "donor_contacts_outcome_known" CHECK ("donor_contacts"."outcome" in ('reached', 'promised_payment', 'left_message', 'no_answer', 'wrong_number', 'declined')),
	CONSTRAINT "donor_contacts_channel_known" CHECK ("donor_contacts"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "donor_metadata" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donor_metadata_kind_known" CHECK ("donor_metadata"."kind" in ('tag', 'note'))
);
--> statement-breakpoint
CREATE TABLE "donors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"donor_phone" text,
	"donor_email" text,
	"contributor_type" text NOT NULL,
	"employer" text,
	"occupation" text,
	"address" text,
	"apt_unit" text,
	"city" text,
	"state" text,
	"zip" text,
	"district" text,
	"country" text DEFAULT 'US' NOT NULL,
	"eligibility" text DEFAULT 'un' NOT NULL,
	"recipient" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donors_country_format" CHECK ("donors"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "donors_contributor_type_known" CHECK ("donors"."contributor_type" in ('individual', 'candidate', 'candidates_spouse', 'candidates_family', 'candidate_committee', 'party_committee', 'political_action_committee', 'labor_unions', 'limited_liability_company')),
	CONSTRAINT "donors_eligibility_known" CHECK ("donors"."eligibility" in ('p-a', 'p-b', 'np', 'un'))
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"expense_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"payee" text NOT NULL,
	"purpose" text NOT NULL,
	"purpose_details" text,
	"payment_method" text NOT NULL,
	"reference_number" text,
	"memo" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"donor_id" uuid NOT NULL,
	"commitment_date" date NOT NULL,
	"commitment_amount_cents" integer NOT NULL,
	"recipient" text,
	"instalments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"written_off_at" timestamp with time zone,
	"write_off_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_amount_positive" CHECK ("pledges"."commitment_amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_contacts" ADD CONSTRAINT "donor_contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_contacts" ADD CONSTRAINT "donor_contacts_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_contacts" ADD CONSTRAINT "donor_contacts_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_contacts" ADD CONSTRAINT "donor_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_metadata" ADD CONSTRAINT "donor_metadata_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_metadata" ADD CONSTRAINT "donor_metadata_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_metadata" ADD CONSTRAINT "donor_metadata_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_state_states_value_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_campaign_date_idx" ON "donations" USING btree ("campaign_id","paying_date","id");--> statement-breakpoint
CREATE INDEX "donations_donor_idx" ON "donations" USING btree ("donor_id","paying_date");--> statement-breakpoint
CREATE INDEX "donations_pledge_idx" ON "donations" USING btree ("pledge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_campaign_external_ref_unique" ON "donations" USING btree ("campaign_id","external_ref") WHERE "donations"."external_ref" is not null;--> statement-breakpoint
CREATE INDEX "donor_contacts_donor_idx" ON "donor_contacts" USING btree ("donor_id","created_at");--> statement-breakpoint
CREATE INDEX "donor_contacts_campaign_idx" ON "donor_contacts" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donor_metadata_tag_unique" ON "donor_metadata" USING btree ("donor_id",lower("value")) WHERE "donor_metadata"."kind" = 'tag';--> statement-breakpoint
CREATE INDEX "donor_metadata_campaign_kind_idx" ON "donor_metadata" USING btree ("campaign_id","kind","value");--> statement-breakpoint
CREATE INDEX "donor_metadata_donor_idx" ON "donor_metadata" USING btree ("donor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donors_campaign_email_unique" ON "donors" USING btree ("campaign_id","donor_email") WHERE "donors"."donor_email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "donors_campaign_phone_unique" ON "donors" USING btree ("campaign_id","donor_phone") WHERE "donors"."donor_phone" is not null;--> statement-breakpoint
CREATE INDEX "donors_campaign_name_idx" ON "donors" USING btree ("campaign_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "donors_campaign_created_idx" ON "donors" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "expenses_campaign_date_idx" ON "expenses" USING btree ("campaign_id","expense_date","id");--> statement-breakpoint
CREATE INDEX "pledges_campaign_date_idx" ON "pledges" USING btree ("campaign_id","commitment_date");--> statement-breakpoint
CREATE INDEX "pledges_donor_idx" ON "pledges" USING btree ("donor_id");