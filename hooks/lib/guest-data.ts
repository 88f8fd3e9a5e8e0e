/**
 * An owner's "Export this guest" and "Forget this guest" (issue 32 item 7), from the guest search:
 *   POST /api/admin/guests/preview {email, phone?}  how many records of theirs are kept (the confirm dialog)
 *   POST /api/admin/guests/export  {email, phone?}  all of their records, as JSON (a download)
 *   POST /api/admin/guests/forget  {email, phone?}  erases their personal data everywhere
 * A guest is matched by email (any case, spaces around ignored) and, when a phone is given, by
 * that phone's digits too. Owners only; the guest is sent in the body, never in the address, so
 * no request log holds it. Export and forget each write an activity row that counts, never names.
 */
import * as S from '../rules';
import * as Http from './http';
import * as Ids from './ids';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import { isOwner } from './access';
import { actorOf, recordActivity } from './activity';
import { deviceNameOf } from './devices';
import { eraseRecords, GUEST_COLLECTIONS, PERSONAL, type GuestCollection } from './personal-data';

interface Guest {
  email: string;
  digits: string;
}
type Found = Record<GuestCollection, string[]>;

/** The guest from the body, or the message of what is wrong (nothing is coerced). */
function readGuest(body: Req.Body): Guest | { error: string } {
  const email = body.email;
  if (typeof email !== 'string' || !email.includes('@') || email.trim().length > S.LIMITS.emailMax) return { error: S.GUEST_DATA_MESSAGES.badEmail };
  const phone = body.phone;
  if (phone !== undefined && (typeof phone !== 'string' || phone.length > S.LIMITS.phoneMax)) return { error: S.GUEST_DATA_MESSAGES.badPhone };
  const digits = S.guestPhoneKey(phone || '');
  if (digits && digits.length < S.LIMITS.phoneMinDigits) return { error: S.GUEST_DATA_MESSAGES.badPhone };
  return { email: S.emailKey(email), digits };
}

const PHONE_DIGITS = "replace(replace(replace(replace(replace(replace(replace(phone,' ',''),'(',''),')',''),'-',''),'.',''),'+',''),'/','')";

/** The ids of the guest's records not erased yet, per collection. */
function findGuest(app: CoreApp, guest: Guest): Found {
  const found = {} as Found;
  GUEST_COLLECTIONS.forEach((collection) => {
    const byPhone = PERSONAL[collection].phone ? ` OR ({:digits} <> '' AND ${PHONE_DIGITS} IN ({:digits}, '1' || {:digits}))` : '';
    const rows = Rows.rowsOf({ id: '' });
    app
      .db()
      .newQuery(`SELECT id FROM ${collection} WHERE erased_at = '' AND (lower(trim(email)) = {:email}${byPhone}) ORDER BY created`)
      .bind({ email: guest.email, digits: guest.digits })
      .all(rows);
    found[collection] = rows.map((r) => r.id);
  });
  return found;
}

function countsOf(found: Found): S.GuestCounts {
  const counts = {} as S.GuestCounts;
  GUEST_COLLECTIONS.forEach((collection) => {
    counts[collection] = found[collection].length;
  });
  return counts;
}

/** Reads the owner's request: null when it was answered already (not an owner, bad input). */
function guestOf(e: core.RequestEvent): Guest | null {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isOwner(e)) {
    Http.fail(e, 403, S.GUEST_DATA_MESSAGES.ownersOnly);
    return null;
  }
  if (!Req.isJson(e) || !Req.isJsonObject(e)) {
    Req.refuseNotJson(e);
    return null;
  }
  const guest = readGuest(Req.rawBody(e));
  if ('error' in guest) {
    Http.fail(e, 400, guest.error);
    return null;
  }
  return guest;
}

/** The guest's records, their mails and the activity about them, as exported. */
function exportOf(app: CoreApp, found: Found): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const targets: string[] = [];
  GUEST_COLLECTIONS.forEach((collection) => {
    // publicExport leaves out the hidden fields: the cancel link's and waitlist link's secrets.
    out[collection] = app.findRecordsByIds(collection, found[collection]).map((r) => (r as core.Record).publicExport());
    found[collection].forEach((id) => targets.push(`${collection}/${id}`));
  });
  const linked = "(record_collection || '/' || record_id) IN (SELECT value FROM json_each({:targets}))";
  const mails = Rows.rowsOf({ record_collection: '', record_id: '', kind: '', template: '', status: '', created: '', sent_at: '' });
  app.db().newQuery(`SELECT record_collection, record_id, kind, template, status, created, sent_at FROM outbox WHERE ${linked} ORDER BY created`).bind({ targets: JSON.stringify(targets) }).all(mails);
  const activity = Rows.rowsOf({ target_collection: '', target_id: '', kind: '', summary: '', before: '', after: '', created: '' });
  app
    .db()
    .newQuery(`SELECT target_collection, target_id, kind, summary, before, after, created FROM activity WHERE ${linked.replace(/record_/g, 'target_')} ORDER BY created`)
    .bind({ targets: JSON.stringify(targets) })
    .all(activity);
  out.mails = mails.map((m) => Object.assign({}, m));
  out.activity = activity.map((a) => Object.assign({}, a, { before: parseJson(a.before), after: parseJson(a.after) }));
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (_) {
    return text;
  }
}

/** POST /api/admin/guests/preview: { counts, summary, total } of the guest's kept records. */
export function previewRoute(e: core.RequestEvent): void {
  const guest = guestOf(e);
  if (!guest) return;
  const counts = countsOf(findGuest(e.app, guest));
  return e.json(200, { counts, summary: S.describeCounts(counts), total: S.totalOf(counts) });
}

/** POST /api/admin/guests/export: the guest's data as a JSON file (an attachment). */
export function exportRoute(e: core.RequestEvent): void {
  const guest = guestOf(e);
  if (!guest) return;
  const found = findGuest(e.app, guest);
  const counts = countsOf(found);
  const data = Object.assign({ exported_at: new Date().toISOString(), guest: { email: guest.email, phone_digits: guest.digits }, counts }, exportOf(e.app, found));
  const who = actorOf(e);
  Tx.inWriteTransaction((tx) =>
    recordActivity(tx, { actor: who.actor, actorName: who.actorName, device: deviceNameOf(e), kind: 'guest.export', summary: S.GUEST_DATA_MESSAGES.exported(counts) }),
  );
  e.response.header().set('Content-Disposition', `attachment; filename="guest-data-${S.venueToday()}.json"`);
  return e.json(200, data);
}

/**
 * POST /api/admin/guests/forget: erases the guest's personal data in one transaction (their
 * records, the copies in the activity log, the outbox and the tablets' stored results, and any
 * other mail addressed to them), with an activity row that counts what went. A guest with nothing
 * left answers 200 { forgotten: false } and changes nothing.
 */
export function forgetRoute(e: core.RequestEvent): void {
  const guest = guestOf(e);
  if (!guest) return;
  const who = actorOf(e);
  const device = deviceNameOf(e);
  const counts = Tx.inWriteTransaction((tx) => {
    const found = findGuest(tx, guest);
    const counted = countsOf(found);
    if (S.totalOf(counted) === 0) return counted;
    const now = Ids.stamp();
    GUEST_COLLECTIONS.forEach((collection) => eraseRecords(tx, collection, found[collection], now, true));
    eraseOtherMail(tx, guest.email, now);
    recordActivity(tx, { actor: who.actor, actorName: who.actorName, device, kind: 'guest.forget', summary: S.GUEST_DATA_MESSAGES.forgot(counted) });
    return counted;
  });
  const total = S.totalOf(counts);
  return e.json(200, {
    forgotten: total > 0,
    counts,
    message: total > 0 ? S.GUEST_DATA_MESSAGES.forgot(counts) : S.GUEST_DATA_MESSAGES.nothingLeft,
  });
}

/** Mail to the guest that no record of theirs links (a job about a record since deleted). */
function eraseOtherMail(tx: CoreApp, email: string, now: string): void {
  tx.db()
    .newQuery(
      "UPDATE outbox SET recipient = '', payload = '{}', last_error = '', status = CASE WHEN status = 'pending' THEN 'skipped' ELSE status END, updated = {:now} " +
        'WHERE lower(recipient) = {:email}',
    )
    .bind({ email, now })
    .execute();
}
