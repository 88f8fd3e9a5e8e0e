/**
 * A public create's request before its form rules (lib/public-create.ts): what the request itself
 * gets wrong, PocketBase's duplicate answer, and the honeypot's pretend success.
 */
import * as S from '../rules';
import type * as Http from './http';
import * as Ids from './ids';
import * as Log from './logging';
import * as Req from './request-body';
import type { Body } from './request-body';

/**
 * What the request itself gets wrong, before any form rule: an id that is not text of the
 * record id shape, or a field only the venue writes (S.SERVER_SET_FIELDS).
 */
export function requestErrors(body: Body): Http.FieldErrors {
  const errors: Http.FieldErrors = {};
  // null too: PocketBase would make an id, so a retry of the same request would be stored twice.
  if (body.id !== undefined && !(typeof body.id === 'string' && S.RECORD_ID_PATTERN.test(body.id))) {
    errors.id = S.REQUEST_MESSAGES.idInvalid;
  }
  S.SERVER_SET_FIELDS.forEach((field) => {
    if (body[field] !== undefined) errors[field] = S.REQUEST_MESSAGES.serverSetField(field);
  });
  return errors;
}

/** PocketBase's own answer to a create whose id is taken: nothing is stored or sent. */
export function duplicate(e: core.RecordRequestEvent): void {
  return e.json(400, {
    status: 400,
    message: 'Failed to create record.',
    data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } },
  });
}

/** A filled honeypot: answer like a successful create, store and send nothing. */
export function honeypot(e: core.RecordRequestEvent, collection: string, body: Body): void {
  const id = S.RECORD_ID_PATTERN.test(Req.str(body.id)) ? Req.str(body.id) : $security.randomStringWithAlphabet(15, S.RECORD_ID_ALPHABET);
  Log.log().info('honeypot field filled; create ignored', 'collection', collection, 'ip', e.realIP());
  const now = Ids.stamp();
  const out: Record<string, unknown> = { collectionId: e.collection ? e.collection.id : '', collectionName: collection, id, created: now, updated: now };
  const publicFields = ['name', 'email', 'event_name', 'event_date', 'event_time', 'party_size', 'message', 'date', 'time', 'people'];
  publicFields.forEach((f) => {
    if (body[f] !== undefined) out[f] = body[f];
  });
  if (collection === 'reservations') out.status = 'confirmed';
  if (collection === 'waitlist') out.status = 'waiting';
  return e.json(200, out);
}
