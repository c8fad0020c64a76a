-- The donor book's triggers (totals, versions, change feed) fire in every session_replication_role.
-- An import batch runs with session_replication_role = replica, which turns off PostgreSQL's
-- row-by-row foreign-key triggers (the import checks and locks the batch's references itself, once),
-- and every total, version and change announcement stays exact. A restore loads rows as they were,
-- so it turns these triggers back to ordinary ones (origin only) for its load and then sets them
-- again: cdt_user_triggers_always(false / true), in its one transaction.
-- A migration that adds a trigger ends with: SELECT cdt_user_triggers_always(true);
CREATE OR REPLACE FUNCTION "cdt_user_triggers_always"(always boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname AS table_name, tg.tgname AS trigger_name
    FROM pg_trigger tg
    JOIN pg_class c ON c.oid = tg.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE NOT tg.tgisinternal AND n.nspname = current_schema() AND tg.tgenabled = CASE WHEN always THEN 'O' ELSE 'A' END
  LOOP
    EXECUTE format('ALTER TABLE %I %s TRIGGER %I', t.table_name, CASE WHEN always THEN 'ENABLE ALWAYS' ELSE 'ENABLE' END, t.trigger_name);
  END LOOP;
END
$$;--> statement-breakpoint
SELECT "cdt_user_triggers_always"(true);
