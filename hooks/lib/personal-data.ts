/**
 * Where guests' personal data lives, and how a set of records is erased (issue 32 item 7). Shared
 * by the nightly retention run (retention.ts) and an owner's "Forget this guest" (guest-data.ts).
 *
 * Erasing keeps the record (its night, party size, status, source and campaign tags stay, so the
 * counts and the stats do not move) and replaces what says who the guest was: name, email, phone,
 * their words (an inquiry's message, the staff note about them), and the ad click id and the page
 * address's query string (per click, so per person). In the same transaction, the same guest's
 * data leaves the records that copied it: the activity log's before/after and summary, the outbox
 * jobs about the record (recipient, payload, error text; a job not sent yet is skipped), and the
 * stored results of the tablets' changes. A forget moves the record's `updated`, so every
 * tablet's next delta pull re-sends it and overwrites its local copy (eraseRecords' `touch`).
 */
import * as S from '../rules';

/** The collections that hold a guest's own data. */
export type GuestCollection = keyof S.GuestCounts;
export const GUEST_COLLECTIONS: GuestCollection[] = ['reservations', 'waitlist', 'private_event_inquiries', 'influencer_applications', 'pass_confirmations'];

const NAME = '{:erasedName}';
const EMAIL = '{:erasedEmail}';
const TEXT = '{:erasedText}';
const EMPTY = "''";
/** The page address without its query string (which may carry a click id or an email). */
const URL_WITHOUT_QUERY =
  "CASE WHEN instr(event_source_url, '?') > 0 THEN substr(event_source_url, 1, instr(event_source_url, '?') - 1) ELSE event_source_url END";
const CLICK = { gclid: EMPTY, gclid_captured_at: EMPTY, event_source_url: URL_WITHOUT_QUERY };

/**
 * Per collection: the column retention dates it by (its night, or when it was made), whether it
 * has a phone, and each personal field → the SQL value it is erased to. Required fields get
 * S.ERASED's placeholders, so an erased record still validates.
 */
export const PERSONAL: Record<GuestCollection, { dated: 'event_date' | 'created'; phone: boolean; set: Record<string, string> }> = {
  reservations: { dated: 'event_date', phone: true, set: Object.assign({ name: NAME, email: EMAIL, phone: EMPTY }, CLICK) },
  waitlist: { dated: 'event_date', phone: true, set: { name: NAME, email: EMAIL, phone: EMPTY } },
  private_event_inquiries: {
    dated: 'created',
    phone: true,
    set: Object.assign({ name: NAME, email: EMAIL, phone: TEXT, message: TEXT, note: EMPTY }, CLICK),
  },
  influencer_applications: { dated: 'created', phone: false, set: { name: NAME, email: EMAIL, message: TEXT, note: EMPTY, event_source_url: URL_WITHOUT_QUERY } },
  pass_confirmations: { dated: 'created', phone: false, set: { name: NAME, email: EMAIL, note: EMPTY } },
};

/** A JSON column with the guest's fields replaced where it has them (a copy of a record, or of its changes). */
function scrubJson(column: string, prefix: string): string {
  const path = (field: string) => `'${prefix}.${field}'`;
  const pairs = [
    [path('name'), NAME],
    [path('email'), EMAIL],
    [path('phone'), EMPTY],
    [path('message'), TEXT],
    [path('note'), EMPTY],
    [path('gclid'), EMPTY],
  ]
    .map(([p, value]) => `${p}, ${value}`)
    .join(', ');
  return `CASE WHEN json_valid(${column}) THEN json_replace(${column}, ${pairs}) ELSE ${column} END`;
}

const IDS = 'SELECT value FROM json_each({:ids})';

/** The statements of an erase, in order: the copies first (they read the record's data), the record last. */
function statements(collection: GuestCollection, touch: boolean): string[] {
  const guests = `(SELECT id, name, email FROM ${collection} WHERE id IN (${IDS})) AS g`;
  const set = PERSONAL[collection].set;
  const fields = Object.keys(set)
    .map((field) => `${field} = ${set[field]}`)
    .join(', ');
  return [
    // The activity log: the guest's fields in before/after, their name and email in the summary.
    `UPDATE activity SET before = ${scrubJson('before', '$')}, after = ${scrubJson('after', '$')}, ` +
      // A name under 3 letters ("Al") would also match inside other words: left to the fields above.
      `summary = replace(CASE WHEN length(g.name) >= 3 THEN replace(summary, g.name, ${NAME}) ELSE summary END, g.email, ${EMAIL}) ` +
      `FROM ${guests} WHERE activity.target_collection = {:collection} AND activity.target_id = g.id`,
    // The outbox: nothing of theirs is kept, and a job not sent yet is never sent. Only a job
    // not sent yet changes state (skipped, so its `updated` moves); one already settled keeps its
    // status and `updated` (the System view's "last sent" and "last error" are the latest by
    // `updated`, and nothing about its sending changed). Setting status and updated on pending
    // jobs alone also leaves the three outbox indexes holding them untouched for the rest: a long
    // retention run wrote three times the pages. The unary + keeps SQLite on the index of the few
    // pending jobs (status), not the job-key index probed once per id of the batch.
    "UPDATE outbox SET recipient = CASE WHEN lower(outbox.recipient) = lower(g.email) THEN '' ELSE outbox.recipient END, payload = '{}', " +
      "last_error = CASE WHEN outbox.status = 'pending' THEN {:skipped} ELSE '' END " +
      `FROM ${guests} WHERE outbox.record_collection = {:collection} AND outbox.record_id = g.id`,
    "UPDATE outbox SET status = 'skipped', updated = {:now} " +
      `WHERE status = 'pending' AND +record_collection = {:collection} AND +record_id IN (${IDS})`,
    // The tablets' settled changes (kept 30 days): the record they answered with.
    `UPDATE staff_changes SET result = ${scrubJson('result', '$.record')} WHERE record_id IN (${IDS}) AND change_collection = {:collection}`,
    `UPDATE ${collection} SET ${fields}, erased_at = {:now}${touch ? ', updated = {:now}' : ''} WHERE id IN (${IDS})`,
  ];
}

/**
 * Erases the personal data of `ids` in `collection`, inside the caller's transaction (`tx`).
 * `touch`: move the records' `updated`, so the tablets' next delta pull re-sends them and
 * overwrites their copies (a forget: the guest may be on tonight's list). Retention does not:
 * the nights it erases are long before the tablets' window, which a tablet replaces whole when
 * the night moves on, and 100,000 touched records would all go to every tablet's next pull.
 */
export function eraseRecords(tx: CoreApp, collection: GuestCollection, ids: string[], now: string, touch: boolean): void {
  if (ids.length === 0) return;
  const params = {
    ids: JSON.stringify(ids),
    collection,
    now,
    erasedName: S.ERASED.name,
    erasedEmail: S.ERASED.email,
    erasedText: S.ERASED.text,
    skipped: 'Not sent: the guest’s data was erased.',
  };
  statements(collection, touch).forEach((sql) => tx.db().newQuery(sql).bind(params).execute());
}
