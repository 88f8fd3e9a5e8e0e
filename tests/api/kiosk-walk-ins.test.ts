/**
 * Issue 31, defect 6, on the server: the door kiosk may send the time a walk-in is at the door
 * ('11:45 PM') instead of a listed slot, and it is stored while that night's open tables run (the
 * weekly schedule staff edit); outside them, or from anywhere but the kiosk, it is refused on its
 * field. The kiosk's own screens: tests/e2e/kiosk.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { boardGameBody, expectRefused, nextWeekday, post, venuePerFile } from '../support/api-fixtures';
import { MESSAGES } from '../../src/lib/rules/limits';
import { WALK_IN_MESSAGES } from '../../src/lib/rules/walkIns';

const v = venuePerFile({ meta: false, relaxed: true });

const walkIn = (event_date: string, event_time: string, o: Record<string, unknown> = {}) =>
  boardGameBody({ event_date, event_time, party_size: 2, source: 'kiosk', email: `walk-in-${event_time.replace(/\W/g, '')}@example.test`, ...o });

describe("a kiosk walk-in's own arrival time", () => {
  it('is stored on a Friday until midnight, and after 10:30 PM on a Monday is refused', async () => {
    const friday = nextWeekday(5);
    const res = await post(`${v.url}/api/collections/reservations/records`, walkIn(friday, '11:45 PM'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ event_date: friday, event_time: '11:45 PM', source: 'kiosk' });

    const monday = nextWeekday(1);
    expect((await post(`${v.url}/api/collections/reservations/records`, walkIn(monday, '10:15 PM'))).status).toBe(200);
    await expectRefused(v, 'reservations', walkIn(monday, '10:45 PM'), 'event_time', WALK_IN_MESSAGES.timeOutsideOpenTables);
    await expectRefused(v, 'reservations', walkIn(friday, '12:05 AM'), 'event_time', WALK_IN_MESSAGES.timeOutsideOpenTables);
  });

  it('follows the schedule staff edit: Friday tables moved to end at 11 PM refuse 11:45 PM', async () => {
    const friday = nextWeekday(5, 8);
    const row = await v.su.collection('events').getFirstListItem("kind = 'weekly' && open_tables = true && weekday = 5");
    await v.su.collection('events').update(row.id, { time: '6pm-11pm' });
    try {
      await expectRefused(v, 'reservations', walkIn(friday, '11:45 PM', { email: 'edited@example.test' }), 'event_time', WALK_IN_MESSAGES.timeOutsideOpenTables);
    } finally {
      await v.su.collection('events').update(row.id, { time: row.time });
    }
  });

  it('is only the kiosk’s: the site’s form must pick a listed slot', async () => {
    await expectRefused(v, 'reservations', walkIn(nextWeekday(5), '11:45 PM', { source: 'web' }), 'event_time', MESSAGES.timeNotSlot);
  });
});

describe("a kiosk walk-in's name (issue 33)", () => {
  it('with a C1 control (NEL and the rest of U+0080–U+009F) or a line or paragraph separator is refused on its field', async () => {
    const friday = nextWeekday(5);
    for (const name of ['Ada\u0085Lovelace', 'Ada\u0080', 'Ada\u009F', 'Ada\u2028Lovelace', 'Ada\u2029']) {
      await expectRefused(v, 'reservations', walkIn(friday, '11:45 PM', { name, email: 'named@example.test' }), 'name', MESSAGES.controlCharacters);
    }
  });
});
