/**
 * `venue-server reminders:run` (server/reminders.go) and `retention:run` (hooks/lib/commands.ts)
 * read --now through one rule (hooks/rules/nowFlag.ts): both refuse the same texts the same way,
 * exit 2 and change nothing; both take an instant with its offset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_MESSAGES } from '../../src/lib/rules/guestData';
import { startVenue, type Venue } from '../support/api-fixtures';

let v: Venue;

beforeAll(async () => {
  v = await startVenue();
});

afterAll(async () => {
  await v?.stop();
});

describe("the console commands' --now", () => {
  for (const command of ['reminders:run', 'retention:run']) {
    it(`${command} refuses a date without its offset, a word and an impossible day, exiting 2 with the reason`, async () => {
      for (const raw of ['2026-12-02T17:00:00', 'yesterday', '2026-02-30T17:00:00Z']) {
        const res = await v.server.command([command, `--now=${raw}`]);
        expect(res.code, res.stderr + res.stdout).toBe(2);
        expect(res.stderr).toContain(`--${RETENTION_MESSAGES.badNow(raw)}`);
        expect(res.stdout + res.stderr).not.toContain('{"now"');
      }
    });
  }

  it('reminders:run acts as the instant given, offset and all, and says which night was due', async () => {
    const res = await v.server.command(['reminders:run', '--now=2026-12-02T12:00:00-05:00']);
    expect(res.code, res.stderr + res.stdout).toBe(0);
    const line = (res.stdout + res.stderr).split('\n').find((l) => l.startsWith('{"now"'));
    expect(JSON.parse(line!)).toEqual({ now: '2026-12-02T17:00:00.000Z', night: '2026-12-02', due: 0, queued: 0 });
    const before = await v.server.command(['reminders:run', '--now=2026-12-02T11:59:00-05:00']);
    const early = (before.stdout + before.stderr).split('\n').find((l) => l.startsWith('{"now"'));
    expect(JSON.parse(early!)).toEqual({ now: '2026-12-02T16:59:00.000Z', night: '', due: 0, queued: 0 });
  });
});
