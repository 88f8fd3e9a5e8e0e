/**
 * The outbox worker's entry points (routes.pb.ts):
 *   POST /api/outbox/flush[?at=…]  → superusers: send due jobs now (or as of `at`)
 * and the fallback cron that sends what is due. server/outbox.go runs the cron's job right after
 * a create commits and every few seconds; the minute schedule is the fallback when the hooks run
 * in a server without that loop.
 */
import * as U from './util';
import { flushDue } from './outbox';

export function flushRoute(e: core.RequestEvent): void {
  const limit = Math.min(500, Number(U.queryValue(e, 'limit') || '200') || 200);
  // `at`: act as if it were that time (a PocketBase datetime), so tests step through backoff.
  const at = U.queryValue(e, 'at');
  if (at && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(at)) {
    return e.json(400, { status: 400, message: 'at must be a datetime written YYYY-MM-DD HH:MM:SS.sssZ.', data: {} });
  }
  return e.json(200, flushDue($app, limit, at));
}

export function outboxCron(): void {
  const summary = flushDue($app, 200);
  if (summary.processed > 0) $app.logger().info('outbox worker run', 'sent', summary.sent, 'failed', summary.failed, 'skipped', summary.skipped);
}
