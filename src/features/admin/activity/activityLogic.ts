/**
 * The activity log on screen (issue 32 item 4): one row as the line staff read, the owner's
 * filters as a PocketBase filter, and the CSV of the filtered rows. Pure: the history panel, the
 * Activity view and their tests share it. Times on the venue's clock (America/New_York); a night
 * runs until 4:00, so a change at 12:40 AM belongs to the night before.
 */
import { ACTIVITY_GROUPS, RESTORE_KIND, type ActivityGroup } from '../../../lib/rules/activity';
import { formatCreated, toCsv } from '../../../lib/rules/csv';
import { formatNight, formatVenueClock, parseServerDate, venueDateTimeToUtc, addDays, venueNight, VENUE_NIGHT_ENDS_HOUR, clockText } from '../../../lib/venueTime';

/** A row of the `activity` collection as the screens read it. */
export interface ActivityRow {
  id: string;
  actor: string;
  actor_name: string;
  device: string;
  kind: string;
  target_collection: string;
  target_id: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** when it was made on the tablet (ISO), '' when made at the server */
  made_at: string;
  /** when the server applied it */
  created: string;
}

export const ACTIVITY_FIELDS = 'id,actor,actor_name,device,kind,target_collection,target_id,summary,before,after,made_at,created';

/** Made and applied further apart than this: the line says when it was applied too. */
const APPLIED_APART_MS = 60_000;

/** When it was made: on the tablet (made_at) when it says, else when it was applied. */
export function madeAt(row: Pick<ActivityRow, 'made_at' | 'created'>): Date | null {
  return parseServerDate(row.made_at) ?? parseServerDate(row.created);
}

/** The venue night a row belongs to: the night it was made in (12:40 AM is the night before). */
export function nightOf(row: Pick<ActivityRow, 'made_at' | 'created'>): string {
  const at = madeAt(row);
  return at ? venueNight(at) : '';
}

/** "Sam on Door tablet", or the name alone; "Someone" for a row without a name. */
export function whoText(row: Pick<ActivityRow, 'actor_name' | 'device'>): string {
  const name = row.actor_name || 'Someone';
  return row.device ? `${name} on ${row.device}` : name;
}

/**
 * "9:42 PM, applied 9:51 PM when the wifi came back": when it was made and, when the server had it
 * more than a minute later (queued offline), when it was applied. `today` (a venue night): a row
 * of another night names its night first ("Friday, November 27, 12:40 AM"). A restore's row is
 * written when the restored server starts: "logged 9:51 PM when the server started again".
 */
export function whenText(row: Pick<ActivityRow, 'made_at' | 'created'> & { kind?: string }, today: string): string {
  const made = madeAt(row);
  if (!made) return '';
  const night = venueNight(made);
  let text = night === today ? formatVenueClock(made) : `${formatNight(night)}, ${formatVenueClock(made)}`;
  const applied = parseServerDate(row.created);
  if (applied && applied.getTime() - made.getTime() > APPLIED_APART_MS) {
    text += row.kind === RESTORE_KIND ? `, logged ${formatVenueClock(applied)} when the server started again` : `, applied ${formatVenueClock(applied)} when the wifi came back`;
  }
  return text;
}

/** The whole line: "Arrived · Sam on Door tablet · 9:42 PM, applied 9:51 PM when the wifi came back". */
export function historyLine(row: ActivityRow, today: string): string {
  return [row.summary, whoText(row), whenText(row, today)].filter(Boolean).join(' · ');
}

/** The owner's filters: a person (name or email, part of it), a venue night, a kind's group. */
export interface ActivityFilters {
  person: string;
  day: string;
  group: ActivityGroup | '';
}
export const NO_ACTIVITY_FILTERS: ActivityFilters = { person: '', day: '', group: '' };

/** PocketBase's stored instant ('2026-11-27 09:00:00.000Z') of a venue night's start (4:00 AM). */
function nightStart(day: string): string {
  const at = venueDateTimeToUtc(day, clockText(VENUE_NIGHT_ENDS_HOUR, 0));
  return at ? at.toISOString().replace('T', ' ') : '';
}

/**
 * The filters as a PocketBase filter and its parameters (never pasted into the text): a night is
 * 4:00 AM to 4:00 AM the next day on the venue's clock, by when the server applied the change.
 */
export function activityFilter(f: ActivityFilters): { filter: string; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  const person = f.person.trim();
  if (person) {
    parts.push('actor_name ~ {:person}');
    params.person = person;
  }
  if (f.day && nightStart(f.day)) {
    parts.push('created >= {:from} && created < {:to}');
    params.from = nightStart(f.day);
    params.to = nightStart(addDays(f.day, 1));
  }
  const group = ACTIVITY_GROUPS.find((g) => g.id === f.group);
  if (group) {
    parts.push('kind ~ {:kind}');
    params.kind = `${group.prefix}%`;
  }
  return { filter: parts.join(' && '), params };
}

export const ACTIVITY_CSV_HEADER = ['Applied (New York)', 'Made (New York)', 'Who', 'Device', 'Kind', 'What', 'Record', 'Before', 'After'] as const;

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The filtered rows as CSV (quoting and formula safety of lib/rules/csv), newest first as shown. */
export function activityCsv(rows: readonly ActivityRow[]): string {
  return toCsv([
    ACTIVITY_CSV_HEADER,
    ...rows.map((r) => [
      formatCreated(r.created),
      r.made_at ? formatCreated(r.made_at) : '',
      r.actor_name,
      r.device,
      r.kind,
      r.summary,
      r.target_collection ? `${r.target_collection}/${r.target_id}` : '',
      json(r.before),
      json(r.after),
    ]),
  ]);
}

/** activity-2026-11-27.csv for a night, else activity-<today>.csv. */
export function activityCsvFilename(today: string, f: ActivityFilters): string {
  return `activity-${f.day || today}.csv`;
}
