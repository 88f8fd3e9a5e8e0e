/**
 * Staff writes of the events editor and the requests inbox, checked with the browser's own rules
 * (src/lib/rules/staff.ts, bundled in lib/backend.js): whoever writes (the dashboard, PocketBase's
 * dashboard, a script) gets the same refusals and the same stored shape.
 */
import * as S from '../rules';
import * as Http from './http';
import * as Req from './request-body';
import * as Rows from './rows';

const EVENT_FIELDS = ['kind', 'title', 'description', 'date', 'weekday', 'time', 'price', 'open_tables', 'sort_order', 'active'];

/** The record's stored value of an events field, typed as the rules read it. */
function storedValue(record: core.Record, field: string): string | number | boolean {
  if (field === 'weekday' || field === 'sort_order') return record.getInt(field);
  if (field === 'open_tables' || field === 'active') return record.getBool(field);
  return record.getString(field);
}

/**
 * onRecordCreateRequest / onRecordUpdateRequest for `events`: the event as it will be stored
 * (the body as sent over the stored values) must pass validateEventRecord (a special event's
 * new date not past, as of the venue's night; no negative price); then it is stored
 * trimmed, a special event without weekday and a weekly entry without date. A new entry is
 * active unless it says otherwise.
 */
export function guardEventWrite(e: core.RecordRequestEvent, isCreate: boolean): void {
  const record = Rows.recordOf(e);
  const body = Req.rawBody(e);
  const input: Req.Body = {};
  EVENT_FIELDS.forEach((f) => {
    if (Object.prototype.hasOwnProperty.call(body, f)) input[f] = body[f];
    else if (!isCreate || f === 'open_tables' || f === 'sort_order') input[f] = storedValue(record, f);
  });
  if (isCreate && input.active === undefined) input.active = true;
  // A new date may not have passed; an edit that keeps an old event's date (hiding it) may.
  const stored = isCreate ? null : record.original();
  const context = { today: S.venueNight(), storedDate: stored && stored.getString('kind') === 'special' ? stored.getString('date') : undefined };
  const errors = S.validateEventRecord(input, context);
  if (Object.keys(errors).length > 0) return Http.rejectFields(e, errors);
  record.load(S.toEventRecord(input));
  return e.next();
}

/**
 * onRecordUpdateRequest for the inbox collections: staff set the status and the note, and
 * nothing else (the guest's own words stay as sent); a superuser may correct anything.
 */
export function guardInboxUpdate(e: core.RecordRequestEvent): void {
  const body = Req.rawBody(e);
  // PocketBase's own dashboard sends every field of the record; superusers keep their full edit.
  const locked = e.hasSuperuserAuth() ? [] : Object.keys(body).filter((k) => k !== 'status' && k !== 'note');
  if (locked.length > 0) {
    const errors: Http.FieldErrors = {};
    locked.forEach((k) => {
      errors[k] = S.INBOX_MESSAGES.guestFieldsLocked;
    });
    return Http.rejectFields(e, errors, S.INBOX_MESSAGES.guestFieldsLocked);
  }
  const errors = S.validateInboxUpdate(body);
  if (Object.keys(errors).length > 0) return Http.rejectFields(e, errors);
  return e.next();
}

/**
 * onRecordAfterUpdateSuccess for `events`: an event that was shown and is now hidden disappears
 * for guests as if deleted. The list and view rules (1763700900_hidden_events.js) keep a hidden
 * event from anyone but staff, so PocketBase sends a guest no message for the change at all and
 * an open public page would keep showing it. Each subscription that can no longer see the record
 * gets PocketBase's own delete message, with the id only; staff still get the real update.
 */
export function announceHidden(app: CoreApp, record: core.Record): void {
  if (!record.original().getBool('active') || record.getBool('active')) return;
  const collection = record.collection();
  const topics = [
    { prefix: `${collection.name}/*?`, rule: collection.listRule },
    { prefix: `${collection.id}/*?`, rule: collection.listRule },
    { prefix: `${collection.name}/${record.id}?`, rule: collection.viewRule },
    { prefix: `${collection.id}/${record.id}?`, rule: collection.viewRule },
  ];
  const data = JSON.stringify({ action: 'delete', record: { collectionId: collection.id, collectionName: collection.name, id: record.id } });
  const clients = app.subscriptionsBroker().clients();
  for (const clientId in clients) {
    const client = clients[clientId];
    const info = new RequestInfo({ auth: client.get('auth') || null, method: 'GET', context: 'realtime' });
    topics.forEach((topic) => {
      const subs = client.subscriptions(topic.prefix);
      if (Object.keys(subs).length === 0 || canSee(app, record, info, topic.rule)) return;
      Object.keys(subs).forEach((name) => client.send(new SubscriptionMessage({ name, data })));
    });
  }
}

function canSee(app: CoreApp, record: core.Record, info: core.RequestInfo, rule: string | undefined): boolean {
  try {
    // Go's rule is a *string: a nil one (superusers only) goes back as null, which the types call string.
    return app.canAccessRecord(record, info, rule as string);
  } catch (_) {
    return false;
  }
}

