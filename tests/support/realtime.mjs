// A PocketBase realtime (SSE) subscriber for Node, which has no EventSource: open
// GET /api/realtime, read the PB_CONNECT message's clientId, then POST the subscriptions (with
// the caller's token, if any: PocketBase ties the connection to that account). Every message
// after that is kept in order. Shared by the API tests and `npm run reliability`.

/** Parses one SSE block ("event: x\ndata: {...}") into { name, data }. */
function parseBlock(block) {
  let name = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  const text = data.join('\n');
  try {
    return { name, data: JSON.parse(text) };
  } catch {
    return { name, data: text };
  }
}

/**
 * Opens a connection and subscribes it to `topics` (e.g. ['events/*']). Resolves once the
 * subscription is confirmed, with the messages received so far (filled as they arrive), a
 * `waitFor(predicate)` on them and `close()`.
 */
export async function subscribeRealtime(url, topics, { token = '', timeoutMs = 10_000 } = {}) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/realtime`, { signal: controller.signal, headers: { Accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`realtime: HTTP ${response.status}`);
  const messages = [];
  const waiters = new Set();
  const notify = () => waiters.forEach((w) => w());
  let connected;
  const clientId = new Promise((resolve) => (connected = resolve));

  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n/g, '\n');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (message.name === 'PB_CONNECT') connected(message.data.clientId);
          else messages.push(message);
          notify();
        }
      }
    } catch {
      // closed
    }
  })();

  const id = await withTimeout(clientId, timeoutMs, 'no PB_CONNECT');
  const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) };
  const subscribed = await fetch(`${url}/api/realtime`, { method: 'POST', headers, body: JSON.stringify({ clientId: id, subscriptions: topics }) });
  if (subscribed.status !== 204) throw new Error(`realtime subscribe: HTTP ${subscribed.status} ${await subscribed.text()}`);

  return {
    clientId: id,
    messages,
    /** Resolves with the first message matching `predicate` (already received or still to come). */
    waitFor(predicate, ms = timeoutMs) {
      const found = () => messages.find(predicate);
      if (found()) return Promise.resolve(found());
      return withTimeout(
        new Promise((resolve) => {
          const check = () => {
            const m = found();
            if (m) {
              waiters.delete(check);
              resolve(m);
            }
          };
          waiters.add(check);
        }),
        ms,
        'realtime: the awaited message never came',
      );
    },
    close: () => controller.abort(),
  };
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}
