-- A campaign package names the payment that bought it (null for an administrator's grant), so an
-- invoice can show the service period its payment bought and the purchase history can list grants
-- beside purchases (issue 33.12, 33.13). Rows from before: a purchase's package row was written in the
-- capture's transaction with the payment's completion time, so the two times are equal.
ALTER TABLE "campaign_packages" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_packages" ADD CONSTRAINT "campaign_packages_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "campaign_packages" AS cp SET "payment_id" = p."id"
  FROM "payments" AS p
  WHERE cp."source" = 'purchase' AND p."kind" = 'package' AND p."status" = 'completed'
    AND p."campaign_id" = cp."campaign_id" AND p."completed_at" = cp."created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_packages_payment_idx" ON "campaign_packages" USING btree ("payment_id") WHERE "payment_id" IS NOT NULL;
