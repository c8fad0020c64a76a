-- Issue 31.5: a campaign may ask every donor on its giving page for a phone number (default: optional).
ALTER TABLE "giving_pages" ADD COLUMN "require_phone" boolean DEFAULT false NOT NULL;
