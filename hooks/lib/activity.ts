/**
 * The activity log (issue 32 item 4; collection `activity`, pb_migrations/1763701310_activity.js):
 * one append-only row per staff write. Call recordActivity with the app of the write's own
 * transaction, so the row and the write commit or roll back together. The row's columns are built
 * in lib/activity-entry.ts, which Go's staff changes use too (server/staffchanges.go).
 */
import { activityColumns, actorOfAuth, type ActivityEntry } from './activity-entry';

export type { ActivityEntry };

export function recordActivity(app: CoreApp, entry: ActivityEntry): void {
  const row = new Record(app.findCachedCollectionByNameOrId('activity'));
  row.load(activityColumns(entry));
  app.save(row);
}

/** Who the request's signed-in account is, for an entry ('' for a superuser or a guest). */
export function actorOf(e: core.RequestEvent): { actor: string; actorName: string } {
  const auth = e.auth;
  if (!auth) return actorOfAuth(null);
  return actorOfAuth({ collection: auth.collection().name, id: auth.id, name: auth.getString('name'), email: auth.getString('email') });
}
