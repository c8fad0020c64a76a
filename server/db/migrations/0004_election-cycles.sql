-- Reference data: election cycles 2024–2028 and the cycles in which each office is on the ballot
-- in New York. A cycle is named by its election year and spans the two calendar years ending with
-- that year (our own simplification; a compliance rule set may use its program's exact dates).
INSERT INTO "election_cycles" ("value", "label", "start_date", "end_date", "sort_order") VALUES
  ('2024', '2024 election', '2023-01-01', '2024-12-31', 2024),
  ('2025', '2025 election', '2024-01-01', '2025-12-31', 2025),
  ('2026', '2026 election', '2025-01-01', '2026-12-31', 2026),
  ('2027', '2027 election', '2026-01-01', '2027-12-31', 2027),
  ('2028', '2028 election', '2027-01-01', '2028-12-31', 2028)
ON CONFLICT ("value") DO NOTHING;--> statement-breakpoint
-- NYC citywide offices and the City Council: 2025. Statewide offices: 2026. State Senate and
-- Assembly: every even year. Other (special elections, other offices): every cycle.
INSERT INTO "office_election_cycles" ("office_sought", "election_cycle") VALUES
  ('mayor', '2025'),
  ('public_advocate', '2025'),
  ('comptroller', '2025'),
  ('borough_president', '2025'),
  ('city_council', '2025'),
  ('governor', '2026'),
  ('lieutenant_governor', '2026'),
  ('attorney_general', '2026'),
  ('state_comptroller', '2026'),
  ('state_senate', '2024'),
  ('state_senate', '2026'),
  ('state_senate', '2028'),
  ('state_assembly', '2024'),
  ('state_assembly', '2026'),
  ('state_assembly', '2028'),
  ('other', '2024'),
  ('other', '2025'),
  ('other', '2026'),
  ('other', '2027'),
  ('other', '2028')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Campaigns made before cycles were reference data keep only a cycle that exists.
UPDATE "campaigns" SET "election_cycle" = NULL
WHERE "election_cycle" IS NOT NULL AND "election_cycle" NOT IN (SELECT "value" FROM "election_cycles");
