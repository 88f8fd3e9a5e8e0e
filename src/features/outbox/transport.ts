/**
 * How the outbox talks to the server. The default loads the PocketBase client lazily (the
 * indicator and the flush loop sit on every page; the SDK is only needed when something is
 * sent) and uses its `createOnce`, which creates a record with the client-chosen id.
 * Unit tests swap in a fake with `setOutboxTransport`.
 */
export type TransportResult =
  | { status: 'delivered'; id: string }
  /** `code`: the refusal's stable code (src/lib/rules/refusals.ts), absent when it has none. */
  | { status: 'rejected'; fieldErrors: Record<string, string>; message: string; code?: string | undefined };

/** Resolves with the server's answer; throws on a network failure or a server error (5xx). */
export type Transport = (collection: string, body: Record<string, unknown>) => Promise<TransportResult>;

const defaultTransport: Transport = async (collection, body) => {
  const { createOnce } = await import('../../lib/api/client');
  return createOnce(collection, body);
};

let current: Transport = defaultTransport;

export function sendRecord(collection: string, body: Record<string, unknown>): Promise<TransportResult> {
  return current(collection, body);
}

export function setOutboxTransport(transport: Transport | null): void {
  current = transport ?? defaultTransport;
}
