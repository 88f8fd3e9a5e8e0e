/**
 * Unit tests only (the e2e tests run the real server): a stand-in for the server side of the sync contract (docs/staff-sync.md),
 * answering GET /api/admin/sync and POST /api/admin/changes through a stubbed `fetch`, with the
 * contract's rules: a change id is applied at most once (a replay returns the stored result),
 * same value = no conflict, an overlapping field is a conflict unless forced, and a test's
 * `refuse` hook stands for the capacity check.
 */

// The contract's shapes: the app's own, so the fake and the tablet cannot disagree on them.
import { SYNCED, type ChangeResult, type ChangeWire, type PullAnswer, type Row, type SyncedCollection, type SyncWindow } from '../../src/features/admin';

export class FakeSyncServer {
  rows = new Map<SyncedCollection, Map<string, Row>>(SYNCED.map((c) => [c, new Map()]));
  tombstones: { collection: string; id: string; at: string }[] = [];
  /** change id → its stored result */
  settled = new Map<string, ChangeResult>();
  /** how many times each change id took effect (the contract says: once) */
  effects = new Map<string, number>();
  /** every change as it arrived, in order */
  received: ChangeWire[] = [];
  requests: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** next answers: 'lose' applies and then fails the connection, 'network' fails before, 401 refuses, 503 applies nothing */
  failNext: ('lose' | 'network' | 401 | 403 | 503)[] = [];
  /** the real server's request cap (server/bodies.go): a larger push body is answered 413, unread */
  maxBodyBytes = Infinity;
  /** the byte size of every push body, in order */
  pushBytes: number[] = [];
  /** holds every request until released (one flush at a time) */
  gate: Promise<void> | null = null;
  refuse: ((change: ChangeWire) => string | null) | null = null;
  /** The data generation (one more after a restore of a backup); undefined: answers carry none. */
  generation: number | undefined = undefined;
  private clock = 0;

  constructor(public window: SyncWindow) {}

  now(): string {
    this.clock++;
    return `2026-11-26 21:${String(Math.floor(this.clock / 60) % 60).padStart(2, '0')}:${String(this.clock % 60).padStart(2, '0')}.000Z`;
  }

  put(collection: SyncedCollection, row: Row): Row {
    const stored = { ...row, updated: this.now() };
    this.rows.get(collection)!.set(row.id, stored);
    return stored;
  }

  remove(collection: SyncedCollection, id: string): void {
    this.rows.get(collection)!.delete(id);
    this.tombstones.push({ collection, id, at: this.now() });
  }

  /** Answers as server/syncpull.go does: a cursor from another data generation gets the whole window. */
  pull(sinceAsked: string | null, generation: string | null = null): PullAnswer {
    const since = generation && this.generation !== undefined && Number(generation) !== this.generation ? null : sinceAsked;
    const answer = { cursor: this.now(), window: this.window, full: !since, deleted: since ? this.tombstones.filter((t) => t.at > since) : [] } as PullAnswer;
    if (this.generation !== undefined) answer.generation = this.generation;
    for (const c of SYNCED) answer[c] = [...this.rows.get(c)!.values()].filter((r) => !since || String(r.updated) > since);
    return answer;
  }

  apply(change: ChangeWire): ChangeResult {
    const stored = this.settled.get(change.id);
    if (stored) return { ...stored, replayed: true };
    const table = this.rows.get(change.collection)!;
    const current = table.get(change.record_id);
    let result: ChangeResult;
    const refusal = this.refuse?.(change) ?? null;
    if (refusal) result = { id: change.id, outcome: 'refused', code: 'capacity', message: refusal, ...(current ? { record: current } : {}) };
    else if (change.op === 'create') result = { id: change.id, outcome: 'applied', record: this.put(change.collection, { ...change.fields, id: change.record_id }) };
    else if (!current) result = { id: change.id, outcome: 'refused', code: 'not_found', message: 'This record no longer exists.' };
    else if (change.op === 'delete') {
      this.remove(change.collection, change.record_id);
      result = { id: change.id, outcome: 'applied' };
    } else {
      const conflicts = Object.keys(change.fields)
        .filter((f) => current[f] !== change.base[f] && current[f] !== change.fields[f])
        .map((field) => ({ field, yours: change.fields[field], theirs: current[field] }));
      if (conflicts.length && !change.force) result = { id: change.id, outcome: 'conflict', code: 'conflict', message: 'Changed on another device meanwhile.', record: current, conflicts };
      else result = { id: change.id, outcome: 'applied', record: this.put(change.collection, { ...current, ...change.fields }) };
    }
    if (result.outcome === 'applied') this.effects.set(change.id, (this.effects.get(change.id) ?? 0) + 1);
    this.settled.set(change.id, result);
    return result;
  }

  /** The stubbed fetch. */
  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    this.requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      const fail = this.failNext.shift();
      if (fail === 'network') throw new TypeError('Failed to fetch');
      if (fail === 401) return json(401, { status: 401, message: 'The request requires valid record authorization token.', data: {} });
      if (fail === 403) return json(403, { status: 403, message: 'Only staff can do this.', data: {} });
      if (fail === 503) return json(503, { status: 503, message: 'The server could not apply the changes just now.', data: {}, results: [] });
      if (url.pathname === '/api/admin/sync') return json(200, this.pull(url.searchParams.get('since'), url.searchParams.get('generation')));
      if (url.pathname === '/api/admin/changes') {
        const bytes = new TextEncoder().encode(String(init?.body)).length;
        this.pushBytes.push(bytes);
        if (bytes > this.maxBodyBytes) return json(413, { status: 413, message: `The request is larger than the ${this.maxBodyBytes / 1024} KB a request may be.`, data: {} });
        const body = JSON.parse(String(init?.body)) as { changes: ChangeWire[] };
        this.received.push(...body.changes);
        const results = body.changes.map((c) => this.apply(c));
        if (fail === 'lose') throw new TypeError('Failed to fetch');
        return json(200, { results });
      }
      return json(404, { status: 404, message: 'Not found.', data: {} });
    } finally {
      this.inFlight--;
    }
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
}
