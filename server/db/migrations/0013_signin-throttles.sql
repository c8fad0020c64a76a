CREATE TABLE "signin_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signin_throttles_last_failure_idx" ON "signin_throttles" USING btree ("last_failure_at");--> statement-breakpoint
-- Failed sign-ins no longer set the status 'locked' (they start a temporary lock in signin_throttles).
-- Only failed sign-ins ever set it (an administrator blocks with 'blocked'), and it used to last
-- until someone ran SQL: every account it holds goes back to 'active'.
UPDATE "users" SET "status" = 'active', "failed_signin_count" = 0 WHERE "status" = 'locked';
