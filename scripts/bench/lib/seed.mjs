// Seed SQL for the dashboard benchmark (scripts/bench/dashboard.mjs); a helper, not a scenario.
/**
 * N reservations over the last seven years and the coming two months: mostly Board Game Night, a
 * weekly schedule of other nights, party sizes 1–20, a mix of statuses. Deterministic (a
 * multiplicative hash of the row number), so every run seeds the same rows for the same day.
 */
export function seedSql(count, today) {
  const events = ['Board Game Night', 'Board Game Night', 'Board Game Night', 'Magic Monday Draft', 'Commander Night', 'Trivia Night', 'Retro Video Game Night'];
  const times = ['6:00 PM', '6:30 PM', '7:00 PM', '7:30 PM', '8:00 PM', '9:00 PM', '10:00 PM', '11:30 PM'];
  const statuses = ['confirmed', 'confirmed', 'confirmed', 'arrived', 'arrived', 'no_show', 'cancelled'];
  const pick = (list, expr) => `CASE (${expr}) % ${list.length} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;
  const h = '((i * 2654435761) % 4294967296)';
  return `PRAGMA busy_timeout = 10000;
BEGIN;
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${count}),
rows AS (SELECT i, ${h} AS h, (${h} % 2615) - 2555 AS day FROM seq)
INSERT INTO reservations (id, name, email, phone, event_name, event_date, event_time, party_size, source, status, cancel_token, created, updated)
SELECT
  printf('bench%010d', i),
  printf('Guest %d', i),
  printf('guest%d@example.test', i),
  CASE WHEN h % 3 = 0 THEN printf('+1 (347) 555-%04d', i % 10000) ELSE '' END,
  ${pick(events, 'h / 7')},
  date('${today}', day || ' days'),
  ${pick(times, 'h / 11')},
  1 + (h / 13) % 20,
  ${pick(['web', 'event', 'kiosk'], 'h / 17')},
  CASE WHEN day > 0 THEN 'confirmed' ELSE ${pick(statuses, 'h / 19')} END,
  printf('benchtoken%040d', i),
  strftime('%Y-%m-%d %H:%M:%fZ', date('${today}', day || ' days'), '-' || ((h / 23) % 60) || ' days', '+' || (h % 86400) || ' seconds'),
  strftime('%Y-%m-%d %H:%M:%fZ', date('${today}', day || ' days'), '-' || ((h / 23) % 60) || ' days', '+' || (h % 86400) || ' seconds')
FROM rows;
COMMIT;`;
}

