CREATE TYPE "public"."campaign_status" AS ENUM('pending', 'active', 'archived');--> statement-breakpoint
CREATE TYPE "public"."package_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('pending', 'active', 'blocked', 'locked');--> statement-breakpoint
CREATE TABLE "campaign_members" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'staff' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_members_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"campaign_name" text NOT NULL,
	"committee_name" text,
	"status" "campaign_status" DEFAULT 'pending' NOT NULL,
	"package_status" "package_status" DEFAULT 'INACTIVE' NOT NULL,
	"purchase_date" timestamp with time zone,
	"total_purchased_year" integer DEFAULT 0 NOT NULL,
	"is_popup_shown" smallint DEFAULT 0 NOT NULL,
	"office_sought" text,
	"district" text,
	"party" text,
	"election_cycle" text,
	"compliance_rule_set" text DEFAULT 'custom' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_slug_format" CHECK ("campaigns"."slug" ~ '^[a-z0-9][a-z0-9-]*$'),
	CONSTRAINT "campaigns_is_popup_shown_flag" CHECK ("campaigns"."is_popup_shown" in (0, 1)),
	CONSTRAINT "campaigns_total_purchased_year_nonnegative" CHECK ("campaigns"."total_purchased_year" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offices_sought" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"name" text DEFAULT '' NOT NULL,
	"status" "user_status" DEFAULT 'pending' NOT NULL,
	"is_profile_updated" smallint DEFAULT 0 NOT NULL,
	"profile_picture" text,
	"password_hash" text,
	"is_platform_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_is_profile_updated_flag" CHECK ("users"."is_profile_updated" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_office_sought_offices_sought_value_fk" FOREIGN KEY ("office_sought") REFERENCES "public"."offices_sought"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_members_user_idx" ON "campaign_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_unique" ON "campaigns" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");