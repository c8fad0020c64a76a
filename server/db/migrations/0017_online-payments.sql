CREATE TABLE "campaign_gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"secret_last4" text NOT NULL,
	"webhook_id" text,
	"verified_at" timestamp with time zone,
	"configured_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_gateways_mode" CHECK ("campaign_gateways"."mode" in ('local', 'sandbox', 'live'))
);
--> statement-breakpoint
CREATE TABLE "giving_pages" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"appeal" text NOT NULL,
	"suggested_amounts_cents" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_providers" (
	"provider" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"provider" text DEFAULT 'paypal' NOT NULL,
	"mode" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text,
	"capture_id" text,
	"donor_details" jsonb,
	"donor_id" uuid,
	"pledge_id" uuid,
	"donation_id" uuid,
	"package_years" integer,
	"receipt_number" text,
	"failure_code" text,
	"created_by" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_refunded_range" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "paypal_standin_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "campaign_gateways" ADD CONSTRAINT "campaign_gateways_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_gateways" ADD CONSTRAINT "campaign_gateways_provider_payment_providers_provider_fk" FOREIGN KEY ("provider") REFERENCES "public"."payment_providers"("provider") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_gateways" ADD CONSTRAINT "campaign_gateways_configured_by_users_id_fk" FOREIGN KEY ("configured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_pages" ADD CONSTRAINT "giving_pages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_gateways_campaign_provider_unique" ON "campaign_gateways" USING btree ("campaign_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_campaign_idempotency_unique" ON "payments" USING btree ("campaign_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_unique" ON "payments" USING btree ("order_id") WHERE "payments"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_capture_unique" ON "payments" USING btree ("capture_id") WHERE "payments"."capture_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_unique" ON "payments" USING btree ("receipt_number") WHERE "payments"."receipt_number" is not null;--> statement-breakpoint
CREATE INDEX "payments_campaign_created_idx" ON "payments" USING btree ("campaign_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at") WHERE "payments"."status" in ('created', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "paypal_standin_objects_idempotency_unique" ON "paypal_standin_objects" USING btree ("kind","idempotency_key") WHERE "paypal_standin_objects"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_refunds_campaign_external_ref_unique" ON "donation_refunds" USING btree ("campaign_id","external_ref") WHERE "donation_refunds"."external_ref" is not null;--> statement-breakpoint
INSERT INTO "payment_providers" ("provider", "name") VALUES ('paypal', 'PayPal') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "payment_receipt_seq" START 1001;
