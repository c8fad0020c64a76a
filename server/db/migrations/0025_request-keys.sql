-- Idempotency keys of the creates that move money (add_donation first): a client that retries an
-- unanswered write with the same Idempotency-Key gets the first write's record, never a second one;
-- the same key with another body is refused (422 IDEMPOTENCY_KEY_REUSED). Written in the same
-- transaction as the record it names.
CREATE TABLE "request_keys" (
	"campaign_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_keys_pkey" PRIMARY KEY("campaign_id","operation","key")
);
--> statement-breakpoint
ALTER TABLE "request_keys" ADD CONSTRAINT "request_keys_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
