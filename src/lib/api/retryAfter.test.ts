import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, createOnce, RetryableError } from './client';
import { parseRetryAfter, RETRY_AFTER_BOUNDS } from './retryAfter';

const NOW = Date.parse('2026-11-27T15:00:00Z');

describe('Retry-After', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('5', NOW)).toBe(5_000);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
  });

  it('reads an HTTP-date in its three forms, as the wait from now', () => {
    expect(parseRetryAfter('Fri, 27 Nov 2026 15:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Friday, 27-Nov-26 15:01:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfter('Fri Nov 27 15:00:10 2026', NOW)).toBe(10_000);
    expect(parseRetryAfter('Fri Nov  6 15:00:10 2026', Date.parse('2026-11-06T15:00:00Z'))).toBe(10_000);
  });

  it('clamps: never less than a second (0, a past date), never more than the bound (a day)', () => {
    expect(parseRetryAfter('0', NOW)).toBe(RETRY_AFTER_BOUNDS.minMs);
    expect(parseRetryAfter('Fri, 27 Nov 2026 14:00:00 GMT', NOW)).toBe(RETRY_AFTER_BOUNDS.minMs);
    expect(parseRetryAfter('86400', NOW)).toBe(RETRY_AFTER_BOUNDS.maxMs);
    expect(parseRetryAfter('Sat, 28 Nov 2026 15:00:00 GMT', NOW)).toBe(RETRY_AFTER_BOUNDS.maxMs);
  });

  it('ignores what is neither: none, negative, fractions, words, a bare number with units', () => {
    for (const bad of [null, undefined, '', '-5', '1.5', 'soon', '5s', '2026-11-27T15:00:30Z', 'Fri, 99 Foo 2026 15:00:30 GMT']) {
      expect(parseRetryAfter(bad, NOW)).toBeNull();
    }
  });
});

describe('createOnce on a 503 or 429', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, headers: Record<string, string>) =>
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ status, message: 'busy', data: {} }), { status, headers: { 'Content-Type': 'application/json', ...headers } })),
    );

  it('throws a RetryableError carrying the wait the server asked for', async () => {
    answer(503, { 'Retry-After': '5' });
    const error = await createOnce('reservations', { name: 'x' }, createClient('http://venue.test')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryableError);
    expect(error).toMatchObject({ status: 503, retryAfterMs: 5_000 });

    answer(429, {});
    expect(await createOnce('reservations', { name: 'x' }, createClient('http://venue.test')).catch((e: unknown) => e)).toMatchObject({ status: 429, retryAfterMs: null });
  });
});
