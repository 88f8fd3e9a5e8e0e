/** PocketBase realtime in the API tests (tests/api/staff-sign-in-again.test.ts, staff-devices.test.ts). */
import { expect } from 'vitest';

/** PocketBase realtime over plain SSE (Node has no EventSource): a collection's events as this token sees them. */
export async function followRealtime(url: string, token: string, collection: string) {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/realtime`, { signal: abort.signal });
  const reader = res.body!.getReader();
  const templates: string[] = [];
  const ids: string[] = [];
  let buffer = '';
  let connected: (clientId: string) => void = () => {};
  const clientId = new Promise<string>((resolve) => (connected = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event:(.*)$/m.exec(block)?.[1]?.trim();
        const data = JSON.parse(/^data:(.*)$/m.exec(block)?.[1] ?? '{}') as { clientId?: string; record?: { id?: string; template?: string } };
        if (event === 'PB_CONNECT') connected(String(data.clientId));
        else if (data.record) {
          templates.push(String(data.record.template));
          ids.push(String(data.record.id));
        }
      }
    }
  })();
  const subscribed = await fetch(`${url}/api/realtime`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ clientId: await clientId, subscriptions: [`${collection}/*`] }),
  });
  expect(subscribed.status).toBe(204);
  return { templates, ids, close: () => abort.abort() };
}
