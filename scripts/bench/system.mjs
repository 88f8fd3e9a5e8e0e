// The owner's System view with a full outbox (issue 32 item 5: it opens in ≤ 1 s with 100,000
// jobs). Seeds N outbox jobs (default 100,000) straight into the database in one transaction
// (sqlite3 CLI, one INSERT … SELECT over a recursive CTE): mostly mails and conversions sent over
// 90 days, with some waiting, failed (each failed mail with a real error) and skipped. Signs an
// owner in (password + emailed code from a loopback SMTP receiver) and times GET /api/staff/system
// and GET /api/staff/mail-health, --runs times each (default 11). Prints the median and the
// slowest; exits 1 if the System view's median is 1 s or more.
//
// Usage: node scripts/bench/system.mjs [--count=100000] [--runs=11] [--no-build]
// Needs Debian's sqlite3 (`apt-get install sqlite3`) for the seed.
import { arg, buildUnlessSkipped, median, ms, startApiVenue } from './lib/apiVenue.mjs';

const COUNT = Number(arg('count', '100000'));
const RUNS = Math.max(1, Number(arg('runs', '11')) || 11);

buildUnlessSkipped();

/** One statement, one transaction: job n is a mail (9 in 10) or a conversion, spread over 90 days. */
const seedSql = (count) => `
PRAGMA busy_timeout = 10000;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, job_key, status, attempts,
  next_attempt_at, last_error, sent_at, claimed_at, created, updated)
SELECT printf('bench%010d', i),
  CASE WHEN i % 10 = 0 THEN 'conversion' ELSE 'mail' END,
  CASE WHEN i % 10 = 0 THEN 'meta_lead' WHEN i % 7 = 0 THEN 'reservation_reminder' WHEN i % 13 = 0 THEN 'staff_sign_in_code' ELSE 'reservation_confirmation' END,
  CASE WHEN i % 10 = 0 THEN '' ELSE printf('guest%d@example.test', i) END,
  '{}', 'reservations', printf('benchres%07d', i), '',
  CASE WHEN i % 50 = 1 THEN 'failed' WHEN i % 50 = 2 THEN 'pending' WHEN i % 50 = 3 THEN 'skipped' ELSE 'sent' END,
  CASE WHEN i % 50 = 1 THEN 3 ELSE 1 END,
  strftime('%Y-%m-%d %H:%M:%fZ', 'now', printf('-%d seconds', (${count} - i) * 77760 / ${count})),
  CASE WHEN i % 50 = 1 THEN 'SMTP said 535: 5.7.8 Authentication credentials invalid' ELSE '' END,
  CASE WHEN i % 50 > 3 THEN strftime('%Y-%m-%d %H:%M:%fZ', 'now', printf('-%d minutes', (${count} - i) * 129600 / ${count})) ELSE '' END,
  '',
  strftime('%Y-%m-%d %H:%M:%fZ', 'now', printf('-%d minutes', (${count} - i) * 129600 / ${count})),
  strftime('%Y-%m-%d %H:%M:%fZ', 'now', printf('-%d minutes', (${count} - i) * 129600 / ${count}))
FROM n;
COMMIT;
`;

// No SMTP lanes at work on the seeded jobs: the mail settings point at the code inbox only for
// the owner's sign-in, and the seeded waiting jobs are due in the future (next_attempt_at above
// is in the past only for sent ones, which no lane claims).
const venue = await startApiVenue({ OUTBOX_TICK_SECONDS: '3600' });
try {
  const pb = await venue.staffClient('bench-owner@example.test', 'bench-password-123', { owner: true });
  const took = venue.seed(seedSql(COUNT));
  console.log(`seeded ${COUNT} outbox jobs (${venue.value('SELECT COUNT(*) FROM outbox')} in the table) in ${took} s`);

  for (const route of ['/api/staff/system', '/api/staff/mail-health']) {
    await pb.send(route, {}); // warm up: the first request opens the statements' pages
    const times = [];
    let answer;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      answer = await pb.send(route, {});
      times.push(performance.now() - start);
    }
    const summary = route.endsWith('system') ? ` (mail waiting ${answer.mail.waiting}, failed ${answer.mail.failed}; ${answer.failed.length} failed jobs listed)` : '';
    console.log(`${route.padEnd(24)} median ${ms(median(times))}, slowest ${ms(Math.max(...times))} over ${RUNS} requests of ${COUNT} jobs${summary}`);
    if (route.endsWith('system') && median(times) >= 1000) process.exitCode = 1;
  }
} finally {
  await venue.stop();
}
