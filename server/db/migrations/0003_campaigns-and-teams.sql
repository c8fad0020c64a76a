CREATE TABLE "campaign_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "campaign_invitations_email_lowercase" CHECK ("campaign_invitations"."email" = lower("campaign_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "campaign_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"years" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"granted_by" uuid,
	"purchase_date" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_packages_years_positive" CHECK ("campaign_packages"."years" > 0),
	CONSTRAINT "campaign_packages_amount_nonnegative" CHECK ("campaign_packages"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"resource_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_roles_key_format" CHECK ("campaign_roles"."key" ~ '^[a-z][a-z0-9_]{1,39}$' and "campaign_roles"."key" <> 'owner')
);
--> statement-breakpoint
CREATE TABLE "election_cycles" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_election_cycles" (
	"office_sought" text NOT NULL,
	"election_cycle" text NOT NULL,
	CONSTRAINT "office_election_cycles_pk" PRIMARY KEY("office_sought","election_cycle")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "participant_status" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "custom_limit_individual_cents" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "custom_limit_organization_cents" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "committee_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "treasurer_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "treasurer_email" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "treasurer_phone" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "apt_unit" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "activated_by" uuid;--> statement-breakpoint
ALTER TABLE "campaign_audit" ADD CONSTRAINT "campaign_audit_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audit" ADD CONSTRAINT "campaign_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audit" ADD CONSTRAINT "campaign_audit_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_invitations" ADD CONSTRAINT "campaign_invitations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_invitations" ADD CONSTRAINT "campaign_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_invitations" ADD CONSTRAINT "campaign_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_packages" ADD CONSTRAINT "campaign_packages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_packages" ADD CONSTRAINT "campaign_packages_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_roles" ADD CONSTRAINT "campaign_roles_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_election_cycles" ADD CONSTRAINT "office_election_cycles_office_sought_offices_sought_value_fk" FOREIGN KEY ("office_sought") REFERENCES "public"."offices_sought"("value") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_election_cycles" ADD CONSTRAINT "office_election_cycles_election_cycle_election_cycles_value_fk" FOREIGN KEY ("election_cycle") REFERENCES "public"."election_cycles"("value") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_audit_campaign_idx" ON "campaign_audit" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_invitations_token_unique" ON "campaign_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "campaign_invitations_campaign_idx" ON "campaign_invitations" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_packages_campaign_idx" ON "campaign_packages" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_roles_campaign_key_unique" ON "campaign_roles" USING btree ("campaign_id","key");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_state_states_value_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_members_role_idx" ON "campaign_members" USING btree ("campaign_id","role");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_compliance_rule_set_known" CHECK ("campaigns"."compliance_rule_set" in ('nyc_cfb', 'nys_pcf', 'custom'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_participant_status_known" CHECK ("campaigns"."participant_status" in ('participant', 'non_participant'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_custom_limits_nonnegative" CHECK ("campaigns"."custom_limit_individual_cents" >= 0 and "campaigns"."custom_limit_organization_cents" >= 0);