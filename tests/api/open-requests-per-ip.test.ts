/**
 * Issue 33 on the built server: MAX_OPEN_REQUESTS_PER_IP caps the requests one address has open at
 * once (server/clientbounds.go; its Go tests cover the slow body's 408 and IPv6). Here the cap is
 * set to 3 and held by realtime streams, which run until their client leaves: the next request
 * from the address is refused with the shared message while the streams go on, and once one
 * stream is closed the address is served again.
 */
import { describe, expect, it } from 'vitest';
import { venuePerFile } from '../support/api-fixtures';
import { REQUEST_MESSAGES } from '../../src/lib/rules/requests';

const v = venuePerFile({ meta: false, smtp: false, env: { MAX_OPEN_REQUESTS_PER_IP: '3' } });

/** A realtime stream held open: its first event has arrived; `close` ends it. */
async function openStream() {
  const stop = new AbortController();
  const res = await fetch(`${v.url}/api/realtime`, { signal: stop.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toContain('PB_CONNECT');
  return {
    /** True while the server keeps the stream open (no end within `ms`). */
    alive: async (ms: number) => Promise.race([reader.read().then((r) => !r.done), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms))]),
    close: () => stop.abort(),
  };
}

describe('open requests per address', () => {
  it('refuses the one past the cap with 429 and the shared message, cuts no stream, and serves the address again once one ends', async () => {
    const streams = [await openStream(), await openStream(), await openStream()];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await fetch(`${v.url}/api/health`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('connection')).toBe('close');
      expect(await refused.json()).toEqual({ status: 429, message: REQUEST_MESSAGES.tooManyOpen, data: {} });
    }
    for (const stream of streams) expect(await stream.alive(300)).toBe(true);

    streams[0]!.close();
    let served = 0;
    for (let tries = 0; tries < 50 && served !== 200; tries += 1) {
      served = (await fetch(`${v.url}/api/health`)).status;
      if (served !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(served).toBe(200);
    streams.slice(1).forEach((s) => s.close());
  });
});
