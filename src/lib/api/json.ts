/**
 * The public token routes (a reservation's manage link, a waitlist entry's link): plain JSON over
 * fetch, no SDK, no auth. The answer's status and body come back as they are (an empty or broken
 * body is {}); a network failure throws.
 */
export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function requestJson(url: string, method: 'GET' | 'POST' = 'GET', payload?: Record<string, unknown>): Promise<JsonAnswer> {
  const res = await fetch(url, {
    method,
    headers: payload ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // empty body
  }
  return { status: res.status, body };
}

/** The per-field messages of a PocketBase-shaped error ({ data: { field: { message } } }). */
export function fieldMessages(body: Record<string, unknown>): Record<string, string> {
  const data = body.data;
  const out: Record<string, string> = {};
  if (!data || typeof data !== 'object') return out;
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    const message = value && typeof value === 'object' ? (value as { message?: unknown }).message : undefined;
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}
