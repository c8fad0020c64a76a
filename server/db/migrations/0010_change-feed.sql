-- The change feed (server/db/change-feed.ts): every committed change of what the API's read caches
-- hold is announced on channel cdt_changes as '<prefix>:<key>'. Row triggers; PostgreSQL delivers one
-- notification per distinct payload per transaction, after the commit.
-- TG_ARGV[0]: the topic prefix; TG_ARGV[1]: the column naming the key.
CREATE OR REPLACE FUNCTION "cdt_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
BEGIN
  PERFORM pg_notify('cdt_changes', TG_ARGV[0] || ':' || (row_data ->> TG_ARGV[1]));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_announce" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "cdt_announce_change"('session', 'id');--> statement-breakpoint
CREATE TRIGGER "users_announce" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "cdt_announce_change"('user', 'id');--> statement-breakpoint
CREATE TRIGGER "campaigns_announce" AFTER UPDATE OR DELETE ON "campaigns" FOR EACH ROW EXECUTE FUNCTION "cdt_announce_change"('campaign', 'id');--> statement-breakpoint
CREATE TRIGGER "campaign_members_announce" AFTER INSERT OR UPDATE OR DELETE ON "campaign_members" FOR EACH ROW EXECUTE FUNCTION "cdt_announce_change"('campaign', 'campaign_id');--> statement-breakpoint
CREATE TRIGGER "campaign_roles_announce" AFTER INSERT OR UPDATE OR DELETE ON "campaign_roles" FOR EACH ROW EXECUTE FUNCTION "cdt_announce_change"('campaign', 'campaign_id');--> statement-breakpoint
CREATE TRIGGER "donor_book_versions_announce" AFTER INSERT OR UPDATE ON "donor_book_versions" FOR EACH ROW EXECUTE FUNCTION "cdt_announce_change"('book', 'campaign_id');--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cdt_announce_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cdt_changes', 'all');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "election_cycles_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "election_cycles" FOR EACH STATEMENT EXECUTE FUNCTION "cdt_announce_all"();
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "cdt_announce_all"();--> statement-breakpoint
CREATE TRIGGER "users_announce_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "cdt_announce_all"();--> statement-breakpoint
CREATE TRIGGER "campaigns_announce_truncate" AFTER TRUNCATE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "cdt_announce_all"();--> statement-breakpoint
CREATE TRIGGER "campaign_members_announce_truncate" AFTER TRUNCATE ON "campaign_members" FOR EACH STATEMENT EXECUTE FUNCTION "cdt_announce_all"();--> statement-breakpoint
CREATE TRIGGER "campaign_roles_announce_truncate" AFTER TRUNCATE ON "campaign_roles" FOR EACH STATEMENT EXECUTE FUNCTION "cdt_announce_all"();--> statement-breakpoint
CREATE TRIGGER "donor_book_versions_announce_truncate" AFTER TRUNCATE ON "donor_book_versions" FOR EACH STATEMENT EXECUTE FUNCTION "cdt_announce_all"();
