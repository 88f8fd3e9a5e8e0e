/**
 * The browser's PocketBase client (same origin) and the idempotent create every form and the
 * offline outbox use.
 *
 * createOnce(collection, body):
 *   - delivered: the record was stored now, or an earlier attempt with the same id already
 *     stored it (PocketBase answers 400 with data.id.code = "validation_not_unique");
 *   - rejected: the server refused the data (4xx): per-field messages, a message for a toast and,
 *     when the refusal has one, its stable code (decide by it, never by the words);
 *   - throws on network errors, 5xx and 429 (rate limited), so a queue can retry later, with
 *     the wait the server asked for (Retry-After) when it named one.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { isRecordId, newRecordId } from '../recordId';
import { refusalCodeOf } from '../rules/refusals';
import { fieldMessages } from './json';
import { parseRetryAfter } from './retryAfter';

/** One SDK instance for the browser, on the page's own origin. */
export const pb = createClient('/');

export function createClient(baseUrl: string): PocketBase {
  const client = new PocketBase(baseUrl);
  // Parallel creates (e.g. an offline queue flushing) must not cancel each other.
  client.autoCancellation(false);
  return client;
}

export { isRecordId, newRecordId };

export type CreateOnceResult =
  | { status: 'delivered'; id: string }
  | { status: 'rejected'; fieldErrors: Record<string, string>; message: string; code?: string };

/**
 * Thrown for failures worth retrying later (offline, server error, rate limited). `retryAfterMs`:
 * the wait the server's Retry-After asked for (clamped, src/lib/api/retryAfter.ts), null if none.
 */
export class RetryableError extends Error {
  constructor(
    message: string,
    readonly status: number,
    override readonly cause?: unknown,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'RetryableError';
  }
}

type ErrorData = Record<string, { code?: string; message?: string } | undefined>;

export async function createOnce(
  collection: string,
  body: Record<string, unknown>,
  client: PocketBase = pb,
): Promise<CreateOnceResult> {
  const id = isRecordId(body.id) ? body.id : newRecordId();
  const payload = { ...body, id };
  // The SDK's error keeps the status and the body, not the headers: read Retry-After on the way.
  let retryAfter: string | null = null;
  const keepRetryAfter = (url: RequestInfo | URL, init?: RequestInit) =>
    fetch(url, init).then((response) => {
      retryAfter = response.headers.get('Retry-After');
      return response;
    });
  try {
    const record = await client.collection(collection).create(payload, { requestKey: null, fetch: keepRetryAfter });
    return { status: 'delivered', id: (record as { id?: string }).id ?? id };
  } catch (err) {
    if (!(err instanceof ClientResponseError)) throw err;
    const status = err.status;
    if (status === 0 || status >= 500 || status === 429) {
      throw new RetryableError(err.message || 'Network error', status, err, status === 0 ? null : parseRetryAfter(retryAfter));
    }
    const data = (err.response?.data ?? {}) as ErrorData;
    if (status === 400 && data.id?.code === 'validation_not_unique') {
      return { status: 'delivered', id };
    }
    const fieldErrors = fieldMessages({ data });
    const message =
      (typeof err.response?.message === 'string' && err.response.message) ||
      Object.values(fieldErrors)[0] ||
      err.message;
    const code = refusalCodeOf(err.response);
    return code ? { status: 'rejected', fieldErrors, message, code } : { status: 'rejected', fieldErrors, message };
  }
}
