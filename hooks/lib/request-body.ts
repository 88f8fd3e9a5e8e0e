/**
 * The request as sent: its headers and its body, read before PocketBase's typed copy (a wrong type
 * must be refused, not coerced), and the 415 for a body that is not JSON.
 */
import * as S from '../rules';

/** A request body as sent (JSON object), read field by field with the shared rules. */
export type Body = Record<string, unknown>;
/** Any request event: a route's, or a record request's (which embeds the RequestEvent). */
export type AnyRequestEvent = core.RequestEvent | core.RecordRequestEvent;

export function str(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

/** A request header as sent (`Content-Type`). */
export function header(e: AnyRequestEvent, name: string): string {
  // From the request itself: requestInfo() parses the body, and fails on one that is not an object.
  const request = bodyRequestOf(e);
  if (request) return str(request.header.get(name));
  try {
    const headers: Record<string, unknown> = e.requestInfo().headers || {};
    return str(headers[name.toLowerCase().replace(/-/g, '_')]);
  } catch (_) {
    return '';
  }
}

/** The http.Request of a route event, or of a record request event (through its embedded RequestEvent). */
function bodyRequestOf(e: AnyRequestEvent): http.Request | undefined {
  // goja exposes a record request's embedded RequestEvent as `requestEvent` when `request` is unset.
  const embedded = e as { request?: http.Request; requestEvent?: { request?: http.Request } };
  return embedded.request || (embedded.requestEvent && embedded.requestEvent.request);
}

/**
 * The request body exactly as the caller sent it. PocketBase's requestInfo().body has already
 * been converted to the collection's field types (true → 1 for a number field), and a wrong
 * type must be refused, not coerced. The router keeps the body re-readable.
 */
export function rawBody(e: AnyRequestEvent): Body {
  const request = bodyRequestOf(e);
  if (request && isJson(e)) {
    try {
      const parsed: unknown = JSON.parse(toString(request.body));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return withNumbersOutOfRange(e, parsed as Body);
    } catch (_) {
      // not JSON after all: fall back to what PocketBase read
    }
  }
  return e.requestInfo().body || {};
}

/** True when the JSON body is one object (not a list, a string, a number or null). */
export function isJsonObject(e: AnyRequestEvent): boolean {
  const request = bodyRequestOf(e);
  try {
    const parsed: unknown = request ? JSON.parse(toString(request.body)) : null;
    return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch (_) {
    return false;
  }
}

/** True when the request says its body is JSON (the only encoding public writes take). */
export function isJson(e: AnyRequestEvent): boolean {
  return header(e, 'Content-Type').toLowerCase().indexOf('application/json') === 0;
}

/**
 * Puts back the fields whose JSON number no double holds (1e400): server/bodies.go sent them on as
 * null, because neither PocketBase's decoder nor JSON.parse reads them, and named them with their
 * sign. As ±Infinity the field's own rule refuses them with its message ("Maximum 20 people").
 */
function withNumbersOutOfRange(e: AnyRequestEvent, body: Body): Body {
  let marks = '';
  try {
    marks = str(e.get('venueNumbersOutOfRange'));
  } catch (_) {
    marks = '';
  }
  if (!marks) return body;
  const signs = JSON.parse(marks) as Record<string, number>;
  Object.keys(signs).forEach((field) => {
    body[field] = (signs[field] ?? 0) < 0 ? -Infinity : Infinity;
  });
  return body;
}

/** 415 for a public write sent as a form or multipart body: those turn "2" into 2 before any rule reads it. */
export function refuseNotJson(e: AnyRequestEvent): void {
  return e.json(415, { status: 415, message: S.REQUEST_MESSAGES.jsonOnly, data: {} });
}
