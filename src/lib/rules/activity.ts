/**
 * The activity log's words (issue 32 item 4), shared by the hooks that write a row
 * (hooks/lib/activity-log.ts) and the screens that read them (src/features/admin/activity/):
 * what kind a write is, the one line a person reads, the fields that changed, and the kinds'
 * groups the owner filters by. One place, so the screen's filter finds what the server wrote.
 */
import { reservationStatusLabel } from './csv';

/** A record's fields as the log keeps them (the sync's shapes: text, whole numbers, true/false). */
export type Snapshot = Record<string, string | number | boolean>;
export type ActivityOp = 'create' | 'update' | 'delete';

/** Each collection staff write, and the prefix of its kinds ('reservation.status', 'task.update'). */
const PREFIX: Record<string, string> = {
  reservations: 'reservation',
  waitlist: 'waitlist',
  events: 'event',
  capacity: 'capacity',
  tasks: 'task',
  priorities: 'priority',
  private_event_inquiries: 'request',
  influencer_applications: 'request',
  pass_confirmations: 'request',
};
/** The collections whose staff writes are logged. */
export const ACTIVITY_COLLECTIONS = Object.keys(PREFIX);

export const SIGN_IN_KIND = 'staff.signin';
export const SIGN_OUT_EVERYWHERE_KIND = 'staff.signout_everywhere';
/**
 * A backup restored (the owner's Restore panel, the console, PocketBase's dashboard): the row is
 * written by server/backups/restorenote.go, which reads this kind and restoreSummary's line from
 * the hooks' bundle.
 */
export const RESTORE_KIND = 'system.restore';
/** Signed out on one tablet (its session ended: hooks/lib/devices.ts). */
export const SIGN_OUT_KIND = 'staff.signout';

/** The owner's "Kind" filter: each group is the kinds that start with its prefix. */
export const ACTIVITY_GROUPS = [
  { id: 'reservations', label: 'Reservations', prefix: 'reservation.' },
  { id: 'waitlist', label: 'Waitlist', prefix: 'waitlist.' },
  { id: 'events', label: 'Events', prefix: 'event.' },
  { id: 'seats', label: 'Seats', prefix: 'capacity.' },
  { id: 'tasks', label: 'Tasks', prefix: 'task.' },
  { id: 'priorities', label: 'Priorities', prefix: 'priority.' },
  { id: 'requests', label: 'Requests', prefix: 'request.' },
  { id: 'sign-ins', label: 'Sign-ins', prefix: 'staff.' },
  { id: 'restores', label: 'Restores', prefix: 'system.' },
] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number]['id'];

export function activityGroupOf(kind: string): ActivityGroup | null {
  const group = ACTIVITY_GROUPS.find((g) => kind.indexOf(g.prefix) === 0);
  return group ? group.id : null;
}

const same = (a: unknown, b: unknown) => a === b;
const blank = (v: unknown) => v === '' || v === null || v === undefined;

/**
 * Only what changed: an update keeps the fields whose value differs, a create the new record's
 * filled fields, a delete the record as it was. Both null: nothing changed (no row is written).
 */
export function changedFields(before: Snapshot | null, after: Snapshot | null): { before: Snapshot | null; after: Snapshot | null } {
  const filled = (s: Snapshot) => {
    const out: Snapshot = {};
    Object.keys(s).forEach((k) => {
      if (!blank(s[k])) out[k] = s[k] as string | number | boolean;
    });
    return out;
  };
  if (!before && !after) return { before: null, after: null };
  if (!before) return { before: null, after: filled(after as Snapshot) };
  if (!after) return { before: filled(before), after: null };
  const b: Snapshot = {};
  const a: Snapshot = {};
  Object.keys(after).forEach((k) => {
    if (same(before[k], after[k])) return;
    b[k] = before[k] ?? '';
    a[k] = after[k] as string | number | boolean;
  });
  return Object.keys(a).length ? { before: b, after: a } : { before: null, after: null };
}

/** The kind of a write: 'reservation.status', 'reservation.walk_in', 'event.update', … */
export function activityKind(collection: string, op: ActivityOp, after: Snapshot | null): string {
  const prefix = PREFIX[collection] ?? collection;
  if (collection === 'reservations' && op === 'create') return after && after.status === 'arrived' ? 'reservation.walk_in' : 'reservation.create';
  if ((collection === 'reservations' || collection === 'waitlist') && op === 'update') return after && after.status !== undefined ? `${prefix}.status` : `${prefix}.change`;
  return `${prefix}.${op}`;
}

const quoted = (v: unknown) => `“${String(v ?? '')}”`;
const arrow = (label: string, b: unknown, a: unknown) => `${label} ${String(b ?? '') || '—'} → ${String(a ?? '') || '—'}`;

function reservationLine(op: ActivityOp, before: Snapshot | null, after: Snapshot | null): string {
  if (op === 'create') return `${after && after.status === 'arrived' ? 'Walk-in' : 'Added'}, party of ${after?.party_size ?? '?'}`;
  if (op === 'delete') return 'Deleted';
  const b = before ?? {};
  const a = after ?? {};
  const parts: string[] = [];
  if (a.status !== undefined) parts.push(a.status === 'confirmed' ? 'Back to confirmed' : reservationStatusLabel(String(a.status)));
  if (a.party_size !== undefined) parts.push(arrow('Party', b.party_size, a.party_size));
  if (a.event_time !== undefined) parts.push(arrow('Time', b.event_time, a.event_time));
  if (a.event_date !== undefined) parts.push(arrow('Night', b.event_date, a.event_date));
  const other = Object.keys(a).filter((k) => ['status', 'party_size', 'event_time', 'event_date'].indexOf(k) === -1);
  if (other.length) parts.push(`Edited ${other.join(', ')}`);
  return parts.join(', ');
}

function waitlistLine(op: ActivityOp, after: Snapshot | null, whole: Snapshot): string {
  const name = whole.name;
  if (op !== 'update') return `${op === 'create' ? 'Added' : 'Deleted'} ${name ? quoted(name) : 'an entry'} on the waitlist`;
  if (after && after.status === 'left') return 'Removed from the waitlist';
  return after && after.status !== undefined ? `Waitlist: ${String(after.status)}` : `Edited ${Object.keys(after ?? {}).join(', ')}`;
}

function titled(noun: string, title: unknown, op: ActivityOp, after: Snapshot | null): string {
  const name = noun ? `${noun} ${quoted(title)}` : quoted(title);
  if (op === 'create') return `Added ${name}`;
  if (op === 'delete') return `Deleted ${name}`;
  const a = after ?? {};
  if (a.active === false) return `Hid ${name}`;
  if (a.active === true) return `Showed ${name}`;
  if (a.is_completed === true || a.status === 'complete') return `Checked off ${name}`;
  if (a.is_completed === false || a.status === 'unchecked') return `Unchecked ${name}`;
  if (a.status === 'waiting') return `Marked ${name} waiting`;
  return `Edited ${name}: ${Object.keys(a).join(', ')}`;
}

function seatsLine(op: ActivityOp, before: Snapshot | null, after: Snapshot | null): string {
  const date = String((after && after.date) || (before && before.date) || '');
  const night = date === 'default' || date === '' ? 'every night' : date;
  if (op === 'delete') return `Seats for ${night}: back to the default`;
  if (op === 'create' || !before || before.seats === undefined) return `Seats for ${night}: ${after?.seats ?? '—'}`;
  return arrow(`Seats for ${night}:`, before.seats, after?.seats);
}

/**
 * The one line a person reads: "Arrived", "Party 2 → 4", "Hid “Trivia”", "Seats for 2026-11-27: 40 → 36".
 * `before` and `after` are the whole records (null for a create's before, a delete's after).
 */
export function activitySummary(collection: string, op: ActivityOp, before: Snapshot | null, after: Snapshot | null): string {
  const whole = after ?? before ?? {};
  const d = changedFields(before, after);
  let line: string;
  switch (PREFIX[collection]) {
    case 'reservation': line = reservationLine(op, d.before, d.after); break;
    case 'waitlist': line = waitlistLine(op, d.after, whole); break;
    case 'event': line = titled('', whole.title, op, d.after); break;
    case 'capacity': line = seatsLine(op, before, after); break;
    case 'task': line = titled('task', whole.title, op, d.after); break;
    case 'priority': line = titled('priority', whole.priority_text, op, d.after); break;
    case 'request':
      line = d.after && d.after.status !== undefined ? `Request marked ${String(d.after.status)}` : 'Edited the request’s note';
      break;
    default: line = `${op} ${collection}`;
  }
  return line.slice(0, 500);
}

/** A restore as its row tells it: counted is false when what it took away could not be counted. */
export interface RestoreFacts {
  backup: string;
  /** Where it was asked for: 'staff area', 'console', 'PocketBase dashboard'. */
  via: string;
  counted: boolean;
  bookings: number;
  mailed: number;
}

/** A restore's line: 'Restored the backup "x.zip" from the console: it took away 2 bookings made since it, …'. */
export function restoreSummary(r: RestoreFacts): string {
  const line = `Restored the backup "${r.backup}" from the ${r.via}`;
  if (!r.counted) return line;
  if (r.bookings === 0) return `${line}: no booking had been made since it, so none was lost`;
  const made = r.bookings === 1 ? '1 booking' : `${r.bookings} bookings`;
  return `${line}: it took away ${made} made since it, ${r.mailed} of them already mailed (not mailed again)`;
}
