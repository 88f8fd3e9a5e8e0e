/**
 * An activity row's fields (issue 32 item 4), built one way for every staff write: the hooks'
 * (lib/activity.ts recordActivity) and Go's (server/staffchanges.go, through the rules bundle's
 * hooks/create/staff-changes.ts). Pure: no PocketBase globals, so the rules bundle runs it too.
 */
import * as S from '../rules';

/** Who wrote, and from which tablet. */
export interface Who {
  /** the `users` id of who did it ('' for the system, a superuser or a guest) */
  actor: string;
  /** their email or name at the time: kept when the account is removed */
  actorName: string;
  /** the device's name ("Door tablet"), '' when not known */
  device: string;
}

export interface ActivityEntry {
  actor: string;
  actorName: string;
  device?: string;
  /** what kind of write: 'reservation.status', 'event.update', 'role.grant', 'signin', … */
  kind: string;
  targetCollection?: string;
  targetId?: string;
  /** one line a person reads: "Arrived", "Party 2 → 4", "Granted owner to sam@…" */
  summary: string;
  before?: unknown;
  after?: unknown;
  /** when it was made on the device (ISO instant); '' when made at the server */
  madeAt?: string;
}

/** The `activity` collection's columns of an entry. */
export function activityColumns(entry: ActivityEntry): Record<string, unknown> {
  return {
    actor: entry.actor,
    actor_name: entry.actorName,
    device: entry.device ?? '',
    kind: entry.kind,
    target_collection: entry.targetCollection ?? '',
    target_id: entry.targetId ?? '',
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
    made_at: entry.madeAt ?? '',
  };
}

/** An account as a request carries it: a `users` record, a superuser, or none. */
export interface AuthFacts {
  collection: string;
  id: string;
  name: string;
  email: string;
}

/** Who the signed-in account is, for an entry ('' for a superuser or a guest). */
export function actorOfAuth(auth: AuthFacts | null): { actor: string; actorName: string } {
  if (!auth) return { actor: '', actorName: '' };
  if (auth.collection !== 'users') return { actor: '', actorName: `superuser ${auth.email}` };
  return { actor: auth.id, actorName: auth.name || auth.email };
}

/** made_at as the tablet sent it, as an ISO instant; '' when unreadable. Never later than `now`. */
export function madeAtOf(text: string, now: Date): string {
  const at = S.parseServerDate(text);
  if (!at) return '';
  return new Date(Math.min(at.getTime(), now.getTime())).toISOString();
}

/**
 * The entry of one write (`before`/`after`: whole records as the log keeps them), or null when no
 * field changed: the entry keeps only the fields that did.
 */
export function writeEntry(who: Who, collection: string, id: string, op: S.ActivityOp, before: S.Snapshot | null, after: S.Snapshot | null, madeAt: string): ActivityEntry | null {
  const changed = S.changedFields(before, after);
  if (!changed.before && !changed.after) return null;
  return {
    actor: who.actor,
    actorName: who.actorName,
    device: who.device,
    kind: S.activityKind(collection, op, changed.after),
    targetCollection: collection,
    targetId: id,
    summary: S.activitySummary(collection, op, before, after),
    before: changed.before,
    after: changed.after,
    madeAt,
  };
}
