/**
 * A loopback HTTP server standing in for an outside API (Meta's Conversions API in tests):
 * records every request and answers with a status the test chooses.
 */
import { createServer, type IncomingMessage } from 'node:http';

export interface ReceivedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

export interface HttpReceiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Status for the next requests (default 200), e.g. to simulate an outage. */
  respondWith: (status: number, body?: unknown) => void;
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedRequest[]>;
  clear: () => void;
  stop: () => Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  let status = 200;
  let responseBody: unknown = { events_received: 1 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let json: unknown = undefined;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, json });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(responseBody));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    respondWith: (s, b) => {
      status = s;
      if (b !== undefined) responseBody = b;
    },
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (requests.length >= count) return requests.slice();
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`Expected ${count} request(s), got ${requests.length}`);
    },
    clear: () => {
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
