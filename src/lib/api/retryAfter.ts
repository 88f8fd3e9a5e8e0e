/**
 * Retry-After (RFC 9110 §10.2.3) on a 503 or 429: how long the server asked a client to wait before
 * sending again. The restore's gate answers 503 with `Retry-After: 5` (server/backups/gate.go);
 * a proxy or a rate limit may send an HTTP-date instead. The guests' outbox waits that long, not
 * its own backoff, within RETRY_AFTER_BOUNDS: a header of 0 or a past date must not make a device
 * hammer the server, and one of a day must not keep a guest's booking on the phone all day.
 */
export const RETRY_AFTER_BOUNDS = { minMs: 1_000, maxMs: 10 * 60_000 } as const;

const DELTA_SECONDS = /^\d+$/;
/**
 * IMF-fixdate ("Fri, 27 Nov 2026 15:00:30 GMT") and the two obsolete forms HTTP still accepts:
 * RFC 850 ("Friday, 27-Nov-26 15:00:30 GMT") and asctime ("Fri Nov 27 15:00:30 2026", in GMT
 * without saying so: the zone is added before parsing, or it would be read as local time).
 */
const HTTP_DATE = /^[A-Za-z]{3,9},? [\dA-Za-z -]+ \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * The wait the header asks for, in ms, clamped to RETRY_AFTER_BOUNDS; null when there is no
 * header or it is neither delta-seconds nor an HTTP-date (the caller keeps its own backoff).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  let ms: number;
  if (DELTA_SECONDS.test(text)) {
    ms = Number(text) * 1000;
  } else if (HTTP_DATE.test(text) || ASCTIME.test(text)) {
    const at = Date.parse(ASCTIME.test(text) ? `${text} GMT` : text);
    if (!Number.isFinite(at)) return null;
    ms = at - nowMs;
  } else {
    return null;
  }
  return Math.min(RETRY_AFTER_BOUNDS.maxMs, Math.max(RETRY_AFTER_BOUNDS.minMs, ms));
}
