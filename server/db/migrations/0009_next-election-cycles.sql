-- The next elections: NYC citywide offices and the City Council in 2029 (a four-year cycle from
-- 2026-01-01, the day the 2025 cycle's books close), statewide offices and the legislature in 2030.
INSERT INTO "election_cycles" ("value", "label", "start_date", "end_date", "sort_order") VALUES
  ('2029', '2029 election', '2026-01-01', '2029-12-31', 2029),
  ('2030', '2030 election', '2029-01-01', '2030-12-31', 2030)
ON CONFLICT ("value") DO NOTHING;--> statement-breakpoint
INSERT INTO "office_election_cycles" ("office_sought", "election_cycle") VALUES
  ('mayor', '2029'),
  ('public_advocate', '2029'),
  ('comptroller', '2029'),
  ('borough_president', '2029'),
  ('city_council', '2029'),
  ('governor', '2030'),
  ('lieutenant_governor', '2030'),
  ('attorney_general', '2030'),
  ('state_comptroller', '2030'),
  ('state_senate', '2030'),
  ('state_assembly', '2030'),
  ('other', '2029'),
  ('other', '2030')
ON CONFLICT DO NOTHING;
