/**
 * The server's side of the door kiosk's walk-ins (issue 31, defect 6): a board game night
 * reservation or waitlist entry from the kiosk may give the time the guest is at the door
 * ('11:45 PM') instead of a listed slot (S.checkTimeSlot lets it through); it is taken only while
 * that night's open tables run, by the weekly schedule staff edit (S.checkWalkInArrival).
 */
import * as S from '../rules';
import type { Body } from './request-body';
import type { Checked } from './create-spec';

/** The active weekly open-tables entries, as the shared rule reads them. */
function openTablesSchedule(): S.ScheduleRow[] {
  const found = $app.findRecordsByFilter('events', "active = true && kind = 'weekly' && open_tables = true", 'sort_order', 50, 0);
  return found
    .filter((r): r is core.Record => !!r)
    .map((r) => ({ kind: 'weekly', weekday: r.getInt('weekday'), time: r.getString('time'), open_tables: true }));
}

/** The refusal of a walk-in's own arrival time outside the night's open tables; null for a listed slot or a time within them. */
export function walkInRefusal(input: Body): Checked | null {
  const time = S.text(input.event_time).trim();
  if ((S.TIME_SLOTS as readonly string[]).includes(time)) return null;
  const problem = S.checkWalkInArrival(openTablesSchedule(), S.text(input.event_date), time);
  return problem ? { errors: { event_time: problem } } : null;
}
