/**
 * Console commands run on the live data while the server runs (an owner's `backup:list`,
 * `admin:grant`, `retention:run`, a superuser upsert), after the server has made a backup, as
 * every night at 4:30. PocketBase's own backup opened the databases' files and so dropped the
 * server's SQLite locks (server/backups/snapshot.go): the next command took itself for the only
 * process on the data, deleted the WAL under the server on exit, and the server answered bare
 * 400s and wrote where no other process could see it. Each round here: a backup, a command, then
 * the server must keep its WAL, answer guests and staff, and another process must see its writes.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, get, post, SUPERUSER, venuePerFile } from '../support/api-fixtures';

const v = venuePerFile({ relaxed: true, meta: false });
const ADMIN = 'console-admin@example.test';
let admin: PocketBase;

beforeAll(async () => {
  admin = await v.user(ADMIN, { admin: true });
}, 120_000);

/** The inode of each of the database's companion files the server has open (throws when one is gone). */
function walFiles(): string {
  return ['data.db-wal', 'data.db-shm'].map((f) => `${f}:${statSync(path.join(v.server.dataDir, f)).ino}`).join(' ');
}

/** Guests booking and staff working at once; every answer that is not a 200, with its body. */
async function busyMoment(round: number, bookings: number): Promise<string[]> {
  const staff = { Authorization: admin.authStore.token };
  const su = { Authorization: v.su.authStore.token };
  const pending = `${v.url}/api/collections/outbox/records?perPage=1&filter=${encodeURIComponent('status = "pending"')}`;
  const answers = await Promise.all([
    ...Array.from({ length: bookings }, (_, k) =>
      post(`${v.url}/api/collections/reservations/records`, boardGameBody({ party_size: 1, event_date: dayFromToday(3 + ((round * bookings + k) % 50)) })),
    ),
    get(`${v.url}/api/admin/sync`, staff),
    get(`${v.url}/api/admin/sync`, staff),
    get(pending, su),
  ]);
  return answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text.slice(0, 300)}`);
}

const COMMANDS: [string, string[]][] = [
  ['backup:list', ['backup:list']],
  ['backup:restore without --yes', ['backup:restore', 'BACKUP']],
  ['admin:grant', ['admin:grant', ADMIN]],
  ['retention:run', ['retention:run']],
  ['superuser upsert', ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password]],
  // The second time, and after a command that wrote.
  ['backup:list again', ['backup:list']],
];

describe('a console command on the live data, after a backup', () => {
  it.each(COMMANDS.map(([name, args], round) => ({ name, args, round })))('$name leaves the running server whole', async ({ args, round }) => {
    const backup = `console-round-${round}.zip`;
    await v.su.backups.create(backup);
    const files = walFiles();
    const ran = await v.server.command(args.map((a) => (a === 'BACKUP' ? backup : a)));
    expect(ran.code, ran.stderr + ran.stdout).toBe(0);
    // Setting the password renews the superuser's token key, as PocketBase means it to.
    if (args[0] === 'superuser') await v.su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
    // The WAL and its index the server has open are still the files on disk.
    expect(walFiles()).toBe(files);
    const bookings = 8;
    expect(await busyMoment(round, bookings), v.server.output().slice(-2000)).toEqual([]);
    // Another process sees every booking the server stored since the backup.
    const since = await v.server.command(['backup:restore', backup]);
    expect(since.stdout + since.stderr).toContain(`Since ${backup} was made, ${bookings} booking(s) were made`);
    expect(walFiles()).toBe(files);
  });
});

/** Books `count` seats as guests do, all at once; the answers that were not 200 (or none in 15 s). */
async function book(from: number, count: number): Promise<string[]> {
  const one = (k: number) =>
    fetch(`${v.url}/api/collections/reservations/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(boardGameBody({ party_size: 1, event_date: dayFromToday(3 + ((from + k) % 50)) })),
      signal: AbortSignal.timeout(15_000),
    }).then(
      async (res) => (res.status === 200 ? '' : `${res.status} ${(await res.text()).slice(0, 300)}`),
      () => 'no answer in 15 s',
    );
  return (await Promise.all(Array.from({ length: count }, (_, k) => one(k)))).filter(Boolean);
}

describe('a console command writing while guests book', () => {
  // A create reads before it writes: when the command committed in between, SQLite refused the
  // create's write on its old snapshot ("database is locked (517)"), PocketBase retried it for
  // over a minute holding the write connection (no write in the server went through), and the
  // batch answered 400 (server/dbconnect.go). Four rounds: a round hit it about every other time.
  it.each([0, 1, 2, 3])('retention:run erasing a crowd, round %i: every guest is answered 200', async (round) => {
    expect(await book(round * 1000, 60)).toEqual([]);
    let done = false;
    const erase = v.server.command(['retention:run', '--now=2099-01-01T00:00:00Z']).finally(() => (done = true));
    const refused: string[] = [];
    const deadline = Date.now() + 20_000;
    for (let from = round * 1000 + 100; !done && Date.now() < deadline; from += 10) refused.push(...(await book(from, 10)));
    // Refused on its own snapshot again and again, the command never got its turn either.
    expect({ done, refused: refused.slice(0, 3) }).toEqual({ done: true, refused: [] });
    const ran = await erase;
    expect(ran.code, ran.stderr).toBe(0);
    // It prints its JSON with cobra's Println, to standard error.
    const erased = JSON.parse((ran.stdout + ran.stderr).trim().split('\n').pop() ?? '{}') as { erased?: { reservations: number } };
    expect(erased.erased?.reservations).toBeGreaterThanOrEqual(60);
  });
});
