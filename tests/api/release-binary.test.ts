/**
 * One file to deploy (ISSUE 32 item 8): `npm run release`'s binary, copied alone into an empty
 * folder and started there, serves the pages, runs the migrations and the hooks, and mails,
 * with nothing of the repository beside it (startPocketBase names none of its folders).
 * The binary is built here (scripts/release.mjs --no-build: from the dist/ and pb_hooks/ the
 * test run's build made; Go's build cache keeps a rebuild to the release package and the link)
 * or reused when nothing it carries changed.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import seedEvents from '../../pb_migrations/seed/events.json';
import { MESSAGES } from '../../src/lib/rules/limits';
import { boardGameBody, expectRefused, startVenue, type Venue } from '../support/api-fixtures';
import { projectRoot } from '../support/pocketbase';

let v: Venue;
let folder: string;
let binary: string;

beforeAll(async () => {
  const built = spawnSync('node', ['scripts/release.mjs', '--quiet', '--no-build'], { cwd: projectRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run release failed:\n${built.stdout}${built.stderr}`);
  folder = mkdtempSync(path.join(tmpdir(), 'venue-release-'));
  binary = path.join(folder, 'venue-server');
  copyFileSync(path.join(projectRoot, 'release', 'venue-server'), binary);
  v = await startVenue({ server: { binary, cwd: folder } });
  await v.relaxRateLimits();
}, 300_000);

afterAll(async () => {
  await v?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The extracted hooks and migrations: one folder per release under the data dir's .venue/. */
const unpacked = () => readdirSync(path.join(v.server.dataDir, '.venue'));

describe('the release binary, alone in an empty folder', () => {
  it('prints its version: git describe and the build date', () => {
    const run = spawnSync(binary, ['version'], { cwd: folder, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\S+ built \d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
    // and wrote nothing: no data directory for a question about itself
    expect(readdirSync(folder)).toEqual(['venue-server']);
    // The same with flags after it (once a second, cobra `version` command answered those, after
    // opening the data directory named and unpacking the hooks into it).
    const flagged = spawnSync(binary, ['version', '--dir=pb_data_of_a_question'], { cwd: folder, encoding: 'utf8' });
    expect(flagged.stdout).toBe(run.stdout);
    expect(readdirSync(folder)).toEqual(['venue-server']);
  });

  it('serves the built pages from inside itself: /, /menu and a 404', async () => {
    for (const [url, file, status] of [['/', 'index.html', 200], ['/menu', 'menu.html', 200], ['/no-such-page', '404.html', 404]] as const) {
      const res = await fetch(`${v.url}${url}`);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type'), url).toContain('text/html');
      expect(await res.text(), url).toBe(readFileSync(path.join(projectRoot, 'dist', file), 'utf8'));
    }
  });

  it('lets a browser revalidate a page: Last-Modified, then 304 (embedded files keep no time of their own)', async () => {
    const first = await fetch(`${v.url}/menu`);
    const lastModified = first.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    const again = await fetch(`${v.url}/menu`, { headers: { 'if-modified-since': lastModified! } });
    expect(again.status).toBe(304);
  });

  it('ran its migrations: the collections and the seed events', async () => {
    const names = (await v.su.collections.getFullList()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['reservations', 'events', 'outbox', 'user_roles', 'activity']));
    const events = await v.anon.collection('events').getFullList({ sort: 'kind,sort_order' });
    expect(events.map((e) => e.title).sort()).toEqual(seedEvents.map((e) => e.title).sort());
  });

  it('answers the API, refuses a bad body with the hooks message and mails the confirmation', async () => {
    expect((await fetch(`${v.url}/api/health`)).status).toBe(200);
    await expectRefused(v, 'reservations', boardGameBody({ party_size: 0 }), 'party_size', MESSAGES.partySizeMin);
    const created = await v.anon.collection('reservations').create(boardGameBody({ email: 'release@example.test' }));
    expect(created.status).toBe('confirmed');
    const [mail] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('release@example.test'));
    expect(mail!.parsed.subject).toContain('Board Game Night');
  });

  it('wrote its hooks and migrations once into the data dir, and reuses them after a restart', async () => {
    const [release] = unpacked();
    expect(unpacked()).toHaveLength(1);
    const hooks = path.join(v.server.dataDir, '.venue', release!, 'pb_hooks');
    expect(existsSync(path.join(hooks, 'lib', 'backend.js'))).toBe(true);
    expect(existsSync(path.join(v.server.dataDir, '.venue', release!, 'pb_migrations', 'seed', 'events.json'))).toBe(true);
    await v.server.restart();
    expect(unpacked()).toEqual([release]);
    await expectRefused(v, 'reservations', boardGameBody({ party_size: 0 }), 'party_size', MESSAGES.partySizeMin);
  });

  it('writes a damaged copy again on start', async () => {
    const [release] = unpacked();
    const bundle = path.join(v.server.dataDir, '.venue', release!, 'pb_hooks', 'lib', 'backend.js');
    rmSync(bundle);
    await v.server.restart();
    expect(existsSync(bundle)).toBe(true);
    await expectRefused(v, 'reservations', boardGameBody({ party_size: 21 }), 'party_size', MESSAGES.partySizeMax);
  });
});
