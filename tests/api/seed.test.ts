/**
 * The seed (ISSUE 26 item 4): a fresh server's events are exactly the records of the seed's data
 * file, pb_migrations/seed/events.json, which the prerenderer also reads; a restart on that data
 * dir runs no migration again and leaves them as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import seedEvents from '../../pb_migrations/seed/events.json';
import { startPocketBase, type StartedPocketBase } from '../support/pocketbase';

let server: StartedPocketBase;

beforeAll(async () => {
  server = await startPocketBase();
});

afterAll(async () => {
  await server?.stop();
});

const FIELDS = ['kind', 'title', 'description', 'date', 'weekday', 'time', 'price', 'open_tables', 'sort_order', 'active'] as const;
type Listed = Record<(typeof FIELDS)[number] | 'id' | 'updated', unknown>;

/** Every event as the public API lists it, in the file's order (specials, then weekly; each by sort_order). */
async function listEvents(): Promise<Listed[]> {
  const res = await fetch(`${server.url}/api/collections/events/records?sort=kind,sort_order&perPage=200`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Listed[] }).items;
}

const fields = (record: Listed) => Object.fromEntries(FIELDS.map((field) => [field, record[field]]));

describe('the seed', () => {
  it("gives a fresh server exactly the data file's events, active, with the fields it leaves out empty", async () => {
    const listed = await listEvents();
    const expected = seedEvents.map((event) => ({ date: '', weekday: 0, ...event, active: true }));
    expect(listed.map(fields)).toEqual(expected.map((event) => Object.fromEntries(FIELDS.map((field) => [field, event[field]]))));
    expect(listed.filter((e) => e.kind === 'weekly')).toHaveLength(13);
  });

  it('leaves them as they were when the server starts again on the same data', async () => {
    const before = await listEvents();
    await server.restart();
    expect(await listEvents()).toEqual(before);
  });
});
