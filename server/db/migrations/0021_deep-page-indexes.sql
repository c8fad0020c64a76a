-- list_donor's default sort (lower(name), id) as an index-only scan: PostgreSQL reads an expression
-- index alone only when the column under the expression is in it too. The page boundaries of deep
-- pages (server/modules/donors/page-boundaries.ts) walk every name of the campaign once per book
-- version: index-only, ~5× faster. Same name, same key: drizzle's schema (no INCLUDE) still matches.
DROP INDEX IF EXISTS "donors_campaign_name_idx";--> statement-breakpoint
CREATE INDEX "donors_campaign_name_idx" ON "donors" USING btree ("campaign_id",lower("name"),"id") INCLUDE ("name");
