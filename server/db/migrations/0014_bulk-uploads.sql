CREATE TABLE "import_mappings" (
	"campaign_id" uuid NOT NULL,
	"type" text NOT NULL,
	"signature" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_campaign_id_type_signature_pk" PRIMARY KEY("campaign_id","type","signature")
);
--> statement-breakpoint
CREATE TABLE "upload_rows" (
	"upload_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"campaign_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"cells" jsonb NOT NULL,
	"data" jsonb,
	"donor_id" uuid,
	CONSTRAINT "upload_rows_upload_id_row_number_pk" PRIMARY KEY("upload_id","row_number"),
	CONSTRAINT "upload_rows_outcome_known" CHECK ("upload_rows"."outcome" in ('valid', 'imported', 'rejected', 'duplicate'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_sha256" text,
	"status" text NOT NULL,
	"validate_only" boolean DEFAULT false NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"duplicate_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"date_order_ambiguous" boolean DEFAULT false NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_key" text,
	"message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_type_known" CHECK ("uploads"."type" in ('donor', 'payment')),
	CONSTRAINT "uploads_status_known" CHECK ("uploads"."status" in ('validating', 'ready', 'validated', 'importing', 'completed', 'completed_with_errors', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "import_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "import_row" integer;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "import_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "import_row" integer;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_rows" ADD CONSTRAINT "upload_rows_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_campaign_created_idx" ON "uploads" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "uploads_campaign_sha_idx" ON "uploads" USING btree ("campaign_id","file_sha256");--> statement-breakpoint
CREATE INDEX "uploads_running_idx" ON "uploads" USING btree ("status") WHERE "uploads"."status" in ('validating', 'importing');--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_import_upload_id_uploads_id_fk" FOREIGN KEY ("import_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_import_upload_id_uploads_id_fk" FOREIGN KEY ("import_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_import_upload_idx" ON "donations" USING btree ("import_upload_id") WHERE "donations"."import_upload_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "donors_import_row_unique" ON "donors" USING btree ("import_upload_id","import_row") WHERE "donors"."import_upload_id" is not null;--> statement-breakpoint
-- Staged rows are updated once each (valid → imported) by the import: room on every page keeps those
-- updates HOT (no new primary-key entry, no page split).
ALTER TABLE "upload_rows" SET (fillfactor = 50);
