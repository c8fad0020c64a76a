ALTER TABLE "payment_events" ADD COLUMN "state" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "body" jsonb;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "webhook_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_state" CHECK ("payment_events"."state" in ('received', 'waiting', 'applied', 'ignored'));--> statement-breakpoint
CREATE INDEX "payment_events_open_idx" ON "payment_events" USING btree ("state", "received_at") WHERE "payment_events"."state" in ('received', 'waiting');--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"request_id" text NOT NULL,
	"provider_refund_id" text,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"failure_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0),
	CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('requested', 'pending', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_invoice_unique" ON "payment_refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_unique" ON "payment_refunds" USING btree ("provider_refund_id") WHERE "payment_refunds"."provider_refund_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_refunds_campaign_payment_idx" ON "payment_refunds" USING btree ("campaign_id", "payment_id", "created_at");
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"dispute_id" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"amount_cents" integer,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_campaign_payment_idx" ON "payment_disputes" USING btree ("campaign_id", "payment_id");
