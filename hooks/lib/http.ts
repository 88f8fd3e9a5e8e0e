/**
 * HTTP answers and the route's request: PocketBase-shaped refusals (with our exact messages and
 * the refusal's stable code) and a route's path and query parameters. The body as sent is
 * request-body.ts's.
 */
import * as S from '../rules';
import type { AnyRequestEvent } from './request-body';

/** A field → message map, as PocketBase's validation errors name them. */
export type FieldErrors = Record<string, string>;
/** A refusal: the top-level message and the message per field. */
export interface Refusal {
  message: string;
  fields: FieldErrors;
  /** The refusal's stable code (S.REFUSALS), when it has one. */
  code?: S.RefusalCode;
}

/**
 * Answers a rejected create like PocketBase does, but with our exact messages, and with the
 * refusal's stable code (S.REFUSALS) as `code` when it has one. The caller names the code (the
 * seats check, a validator, the schedule check gave it): the words are never read for it.
 */
export function rejectFields(e: AnyRequestEvent, errors: FieldErrors, message?: string, code?: S.RefusalCode): void {
  return e.json(400, refusalBody(errors, message, code));
}

/** rejectFields' answer: PocketBase's shape, the first field's message unless one is given, and the code. */
export function refusalBody(errors: FieldErrors, message?: string, code?: S.RefusalCode) {
  const data: Record<string, { code: string; message: string }> = {};
  let first = '';
  Object.keys(errors).forEach((field) => {
    const text = errors[field] ?? '';
    if (!first) first = text;
    data[field] = { code: 'validation_invalid_value', message: text };
  });
  const answer: { status: number; message: string; data: typeof data; code?: string } = { status: 400, message: message || first, data };
  if (code) answer.code = code;
  return answer;
}

/** A PocketBase-shaped error answer ({ status, message, data }), with the refusal's stable code (S.REFUSALS) when it has one. */
export function fail(e: AnyRequestEvent, status: number, message: string, code?: string): void {
  return e.json(status, failBody(status, message, code));
}

/** A route's error as PocketBase shapes its own, with the refusal's stable code when it has one. */
export function failBody(status: number, message: string, code?: string): { status: number; message: string; code?: string; data: Record<string, never> } {
  return code ? { status, message, code, data: {} } : { status, message, data: {} };
}

/** The route's request: a route handler's event always has one (the pinned types say it may not). */
export function requestOf(e: core.RequestEvent): http.Request {
  return e.request as http.Request;
}

/** A path parameter of the route ({token}, {id}). */
export function pathValue(e: core.RequestEvent, name: string): string {
  return requestOf(e).pathValue(name);
}

/** A query parameter of the request, '' when absent. */
export function queryValue(e: core.RequestEvent, name: string): string {
  return String(requestOf(e).url?.query().get(name) || '');
}
