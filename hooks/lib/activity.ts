/**
 * The activity log (issue 32 item 4; collection `activity`, pb_migrations/1763701310_activity.js):
 * one append-only row per staff write. Call recordActivity with the app of the write's own
 * transaction, so the row and the write commit or roll back together.
 */

export interface ActivityEntry {
  /** the `users` id of who did it ('' for the system, a superuser or a guest) */
  actor: string;
  /** their email or name at the time: kept when the account is removed */
  actorName: string;
  /** the device's name ("Door tablet"), '' when not known */
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

export function recordActivity(app: CoreApp, entry: ActivityEntry): void {
  const row = new Record(app.findCachedCollectionByNameOrId('activity'));
  row.load({
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
  });
  app.save(row);
}

/** Who the request's signed-in account is, for an entry ('' for a superuser or a guest). */
export function actorOf(e: core.RequestEvent): { actor: string; actorName: string } {
  const auth = e.auth;
  if (!auth) return { actor: '', actorName: '' };
  if (auth.collection().name !== 'users') return { actor: '', actorName: `superuser ${auth.getString('email')}` };
  return { actor: auth.id, actorName: auth.getString('name') || auth.getString('email') };
}
