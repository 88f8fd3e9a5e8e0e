/**
 * A restore in the activity log (issue 32 items 4 and 6): the owner's restore from the staff area
 * and the console's `backup:restore` each leave one row saying who restored which backup, when,
 * and how many bookings made since it were taken away (and mailed). The restored database replaces
 * the one the row would be written into, so the restore leaves a note in pb_data/venue_state and
 * the next start writes the row: once, however often the server starts after.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_KIND } from '../../src/lib/rules/activity';
import { boardGameBody, post, venuePerFile } from '../support/api-fixtures';
import { ownerRestores } from '../support/owner-restore';

const v = venuePerFile({ relaxed: true, meta: false });
let owner: PocketBase;
let admin: PocketBase;
const OWNER = 'owner-restore-log@example.test';
const PASSWORD = 'password-123';

beforeAll(async () => {
  owner = await v.user(OWNER, { owner: true });
  admin = await v.user('admin-restore-log@example.test', { admin: true });
  await v.su.backups.create('log-before.zip');
}, 120_000);

const restoreRows = () => v.su.collection('activity').getFullList({ filter: `kind = "${RESTORE_KIND}"`, sort: 'created' });
const noteLeft = () => existsSync(join(v.server.dataDir, 'venue_state', 'restore-note.json'));

async function book(n: number): Promise<void> {
  for (let i = 0; i < n; i++) expect((await post(`${v.url}/api/collections/reservations/records`, boardGameBody())).status).toBe(200);
  await v.settle();
}

/** Until the restored server has written `count` rows (a superuser's token outlives the restore). */
async function untilRows(count: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await restoreRows().catch(() => []);
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`no restore row after 60 s:\n${v.server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a restore in the activity log', () => {
  it("the owner's restore: who, which backup, when, what it took away; written once, after the restart", async () => {
    expect(await restoreRows()).toEqual([]);
    await book(2);
    const asked = Date.now();
    await ownerRestores(v, { email: OWNER, password: PASSWORD }, 'log-before.zip');
    const [row] = await untilRows(1);
    expect(row).toMatchObject({
      actor: owner.authStore.record!.id,
      actor_name: OWNER,
      kind: RESTORE_KIND,
      summary: 'Restored the backup "log-before.zip" from the staff area: it took away 2 bookings made since it, 2 of them already mailed (not mailed again)',
      after: { backup: 'log-before.zip', bookings: 2, mailed: 2, via: 'staff area' },
    });
    const made = Date.parse(String(row!.made_at));
    expect(made).toBeGreaterThanOrEqual(asked - 1000);
    expect(made).toBeLessThanOrEqual(Date.now());
    expect(noteLeft()).toBe(false);

    // The owner reads it; an admin who is not an owner does not.
    expect((await owner.collection('activity').getFullList({ filter: `kind = "${RESTORE_KIND}"` })).map((r) => r.id)).toEqual([row!.id]);
    expect(await admin.collection('activity').getFullList({ filter: `kind = "${RESTORE_KIND}"` }).catch(() => [])).toEqual([]);

    // Once: another start writes nothing more.
    await v.server.restart();
    expect((await restoreRows()).map((r) => r.id)).toEqual([row!.id]);
  }, 180_000);

  it("the console's restore of a stopped server: logged at its next start, as the console's", async () => {
    // A backup holding the first restore's row (a restore takes back every row written after its backup).
    await v.su.backups.create('log-second.zip');
    await book(1);
    await v.server.restart(async () => {
      const restored = await v.server.command(['backup:restore', 'log-second.zip', '--yes']);
      expect(restored.code, restored.stderr).toBe(0);
      expect(noteLeft()).toBe(true); // the note waits for the next start
    });
    const rows = await untilRows(2);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      actor: '',
      actor_name: 'The console (venue-server backup:restore)',
      summary: 'Restored the backup "log-second.zip" from the console: it took away 1 booking made since it, 1 of them already mailed (not mailed again)',
    });
    expect(noteLeft()).toBe(false);
    await v.server.restart();
    expect(await restoreRows()).toHaveLength(2);
  }, 180_000);
});
