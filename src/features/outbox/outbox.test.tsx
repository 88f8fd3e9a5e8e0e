import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxDb, resetOutboxDbForTests } from './db';
import { LOCK_RETRY_MS, resetLockRetryForTests } from './crossTabLock';
import { backoffMs, flushOutbox, newOutboxId, submitThroughOutbox } from './outbox';
import { PendingSubmissionsIndicator } from './PendingSubmissionsIndicator';
import { resetWakeForTests, retryDelayMs } from './schedule';
import { RetryableError } from '../../lib/api/client';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { setOutboxTransport, type TransportResult } from './transport';

/** A fake server: stores records by id, answers duplicates like PocketBase does. */
function fakeServer() {
  const records = new Map<string, Record<string, unknown>>();
  let down = false;
  let rejectWith: TransportResult | null = null;
  let concurrent = 0;
  let maxConcurrent = 0;
  let delay = 0;
  const calls: string[] = [];
  const transport = async (_collection: string, body: Record<string, unknown>): Promise<TransportResult> => {
    const id = String(body.id);
    calls.push(id);
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    try {
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (down) throw new TypeError('Failed to fetch');
      if (rejectWith) return rejectWith;
      // PocketBase answers a second create with the same id as a duplicate; the client maps
      // that to delivered (the record is there).
      if (!records.has(id)) records.set(id, body);
      return { status: 'delivered', id };
    } finally {
      concurrent--;
    }
  };
  return {
    records,
    calls,
    transport,
    get maxConcurrent() {
      return maxConcurrent;
    },
    setDown: (v: boolean) => (down = v),
    setReject: (r: TransportResult | null) => (rejectWith = r),
    setDelay: (ms: number) => (delay = ms),
  };
}

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

let server: ReturnType<typeof fakeServer>;

beforeEach(async () => {
  await resetOutboxDbForTests();
  server = fakeServer();
  setOutboxTransport(server.transport);
  setOnline(true);
});

afterEach(() => {
  resetWakeForTests();
  setOutboxTransport(null);
  setOnline(true);
});

const body = (n: number) => ({ name: `Guest ${n}`, email: `g${n}@example.com`, party_size: 2 });

describe('the outbox', () => {
  it('chooses 15-character [a-z0-9] ids', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newOutboxId()));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/);
  });

  it('writes the entry to IndexedDB before sending, then removes it once delivered', async () => {
    let storedWhenSent: unknown = 'not checked';
    setOutboxTransport(async (collection, b) => {
      storedWhenSent = await outboxDb().entries.get(String(b.id));
      return server.transport(collection, b);
    });
    const outcome = await submitThroughOutbox('reservations', body(1), { label: 'Board Game Night' });
    expect(outcome.status).toBe('delivered');
    expect(storedWhenSent).toMatchObject({ id: outcome.id, state: 'pending', label: 'Board Game Night' });
    expect(await outboxDb().entries.count()).toBe(0);
    expect(server.records.get(outcome.id)).toMatchObject({ ...body(1), id: outcome.id });
  });

  it('uses a given id (deterministic submissions such as the monthly pass)', async () => {
    const outcome = await submitThroughOutbox('pass_confirmations', body(1), { label: 'Pass', id: 'abcdefghij12345' });
    expect(outcome).toEqual({ status: 'delivered', id: 'abcdefghij12345' });
    await expect(submitThroughOutbox('x', {}, { label: 'bad', id: 'NOPE' })).rejects.toThrow();
  });

  it('queues while offline and sends on flush; a duplicate id counts as delivered', async () => {
    setOnline(false);
    const outcome = await submitThroughOutbox('reservations', body(1), { label: 'Board Game Night' });
    expect(outcome.status).toBe('queued');
    expect(server.calls).toHaveLength(0);
    expect(await outboxDb().entries.count()).toBe(1);

    // Delivered earlier but the answer was lost: the server already has it.
    server.records.set(outcome.id, { id: outcome.id });
    setOnline(true);
    const result = await flushOutbox();
    expect(result).toEqual({ delivered: 1, rejected: 0, failed: 0 });
    expect(await outboxDb().entries.count()).toBe(0);
    expect(server.records.size).toBe(1);
  });

  it('queues on a network failure, with backoff, and sends later', async () => {
    server.setDown(true);
    const outcome = await submitThroughOutbox('reservations', body(1), { label: 'x' });
    expect(outcome.status).toBe('queued');
    const entry = await outboxDb().entries.get(outcome.id);
    expect(entry?.attempts).toBe(1);
    expect(entry!.nextAttemptAt).toBeGreaterThan(Date.now());

    server.setDown(false);
    // A regular (interval) flush waits out the backoff…
    expect(await flushOutbox()).toEqual({ delivered: 0, rejected: 0, failed: 0 });
    // …a forced one (back online, app start) does not.
    expect(await flushOutbox({ force: true })).toEqual({ delivered: 1, rejected: 0, failed: 0 });
  });

  it('backs off exponentially up to five minutes', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(5_000);
    expect(backoffMs(2, mid)).toBe(10_000);
    expect(backoffMs(3, mid)).toBe(20_000);
    expect(backoffMs(20, mid)).toBe(300_000);
  });

  it("waits what the server's Retry-After asks (up to 20 % more), not its own backoff; the backoff without one", () => {
    const asked = new RetryableError('restoring', 503, undefined, 60_000);
    expect(retryDelayMs(1, asked, () => 0)).toBe(60_000);
    expect(retryDelayMs(1, asked, () => 1)).toBe(72_000);
    expect(retryDelayMs(6, new RetryableError('busy', 429, undefined, 2_000), () => 0.5)).toBe(2_200);
    expect(retryDelayMs(2, new RetryableError('down', 503), () => 0.5)).toBe(backoffMs(2, () => 0.5));
    expect(retryDelayMs(2, new TypeError('Failed to fetch'), () => 0.5)).toBe(10_000);
  });

  it('schedules the entry at the Retry-After and sends it then by itself, without the interval; says a restore is why', async () => {
    let refuse = true;
    setOutboxTransport(async (collection, b) => {
      if (refuse) {
        refuse = false;
        throw new RetryableError(BACKUP_MESSAGES.restoring, 503, undefined, 1_000);
      }
      return server.transport(collection, b);
    });
    const before = Date.now();
    const outcome = await submitThroughOutbox('reservations', body(1), { label: 'x' });
    expect(outcome).toEqual({ status: 'queued', id: outcome.id, restoring: true });
    const entry = await outboxDb().entries.get(outcome.id);
    expect(entry).toMatchObject({ lastStatus: 503, lastError: BACKUP_MESSAGES.restoring, attempts: 1 });
    expect(entry!.nextAttemptAt - before).toBeGreaterThanOrEqual(1_000);
    expect(entry!.nextAttemptAt - Date.now()).toBeLessThanOrEqual(1_200);
    // Nobody flushes: the outbox wakes itself when the entry is due (the 20 s interval is not running here).
    await waitFor(() => expect(server.records.has(outcome.id)).toBe(true), { timeout: 3_000 });
    expect(Date.now() - before).toBeGreaterThanOrEqual(1_000);
    await waitFor(async () => expect(await outboxDb().entries.count()).toBe(0));
  });

  it('sends an entry due after an earlier wake-up at its own time, not at the next interval', async () => {
    // Each entry is refused once with its own Retry-After: the first sets the outbox's one timer
    // at +300 ms, so the second's wake-up at +1 s is not set; the 300 ms pass must set it.
    const waits = new Map([
      ['first', 300],
      ['second', 1_000],
    ]);
    const refused = new Set<string>();
    setOutboxTransport(async (collection, b) => {
      const which = String(b.note);
      if (!refused.has(which)) {
        refused.add(which);
        throw new RetryableError(BACKUP_MESSAGES.restoring, 503, undefined, waits.get(which));
      }
      return server.transport(collection, b);
    });
    const first = await submitThroughOutbox('reservations', { ...body(1), note: 'first' }, { label: 'x' });
    const second = await submitThroughOutbox('reservations', { ...body(2), note: 'second' }, { label: 'x' });
    expect([first.status, second.status]).toEqual(['queued', 'queued']);
    await waitFor(() => expect(server.records.has(first.id)).toBe(true), { timeout: 2_000 });
    expect(server.records.has(second.id)).toBe(false);
    await waitFor(() => expect(server.records.has(second.id)).toBe(true), { timeout: 3_000 });
    expect(server.calls.filter((id) => id === second.id)).toHaveLength(1);
  });

  it("looks again a second after another tab's lock kept a forced flush out, still forced", async () => {
    // A page reloaded by an update: its first, forced flush can find the old page's lock not yet
    // released. The entry waits out a long backoff, so only a forced pass sends it.
    setOnline(false);
    const queued = await submitThroughOutbox('reservations', body(7), { label: 'x' });
    await outboxDb().entries.update(queued.id, { attempts: 4, nextAttemptAt: Date.now() + 60_000 });
    setOnline(true);
    let held = true;
    const request = vi.fn(async (_name: string, _options: LockOptions, work: (lock: Lock | null) => Promise<void>) =>
      work(held ? null : ({ name: _name, mode: 'exclusive' } as Lock)),
    );
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { locks: { request } }));
    try {
      const skipped = await flushOutbox({ force: true });
      expect(skipped.delivered).toBe(0);
      expect(server.records.has(queued.id)).toBe(false);
      held = false; // the other page is gone
      // Well before the entry's own backoff (60 s), and no interval runs here: only the look again sends it.
      await waitFor(() => expect(server.records.has(queued.id)).toBe(true), { timeout: LOCK_RETRY_MS + 9_000 });
      expect(server.calls.filter((id) => id === queued.id)).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      resetLockRetryForTests();
    }
  });

  it('a failure without a restore is not called one', async () => {
    setOutboxTransport(() => Promise.reject(new RetryableError('Something went wrong.', 503)));
    expect(await submitThroughOutbox('reservations', body(2), { label: 'x' })).toMatchObject({ status: 'queued', restoring: false });
  });

  it('returns an immediate rejection to the form and keeps nothing', async () => {
    server.setReject({ status: 'rejected', message: 'Failed to create record.', fieldErrors: { email: 'Invalid email address' } });
    const outcome = await submitThroughOutbox('reservations', body(1), { label: 'x' });
    expect(outcome).toMatchObject({ status: 'rejected', fieldErrors: { email: 'Invalid email address' } });
    expect(await outboxDb().entries.count()).toBe(0);
  });

  it('keeps a rejection from a background flush until it is dismissed', async () => {
    setOnline(false);
    await submitThroughOutbox('reservations', body(1), { label: 'Board Game Night · Saturday, December 5' });
    setOnline(true);
    server.setReject({
      status: 'rejected',
      message: 'Saturday, December 5 is fully booked. Please choose another night.',
      fieldErrors: { event_date: 'Saturday, December 5 is fully booked. Please choose another night.' },
    });
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    const [entry] = await outboxDb().entries.toArray();
    expect(entry).toMatchObject({ state: 'rejected', message: expect.stringContaining('fully booked') });

    // Not retried by later flushes.
    server.setReject(null);
    expect(await flushOutbox({ force: true })).toEqual({ delivered: 0, rejected: 0, failed: 0 });

    render(<PendingSubmissionsIndicator />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: Board Game Night · Saturday, December 5');
    expect(alert).toHaveTextContent('fully booked');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await outboxDb().entries.count()).toBe(0);
  });

  it('runs one flush at a time and sends each entry once', async () => {
    setOnline(false);
    for (let i = 0; i < 5; i++) await submitThroughOutbox('reservations', body(i), { label: `#${i}` });
    setOnline(true);
    server.setDelay(5);
    const [a, b, c] = await Promise.all([flushOutbox(), flushOutbox(), flushOutbox({ force: true })]);
    expect(server.maxConcurrent).toBe(1);
    expect(server.calls).toHaveLength(5);
    expect(new Set(server.calls).size).toBe(5);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(a.delivered).toBe(5);
    expect(await outboxDb().entries.count()).toBe(0);
  });

  it('does not drop parallel submissions', async () => {
    server.setDelay(3);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => submitThroughOutbox('reservations', body(i), { label: `#${i}` })),
    );
    expect(outcomes.every((o) => o.status === 'delivered')).toBe(true);
    expect(new Set(outcomes.map((o) => o.id)).size).toBe(10);
    expect(server.records.size).toBe(10);
  });

  it('does not send an entry twice when a flush runs during its first send', async () => {
    server.setDelay(20);
    const submitting = submitThroughOutbox('reservations', body(1), { label: 'x' });
    await new Promise((r) => setTimeout(r, 5));
    await flushOutbox({ force: true });
    await submitting;
    expect(server.calls).toHaveLength(1);
  });

  it('shows the pending count on every page and hides at zero', async () => {
    setOnline(false);
    render(<PendingSubmissionsIndicator />);
    await act(async () => {
      await submitThroughOutbox('reservations', body(1), { label: 'Board Game Night' });
      await submitThroughOutbox('reservations', body(2), { label: 'Trivia' });
    });
    expect(await screen.findByText('2 submissions waiting to send')).toBeInTheDocument();
    setOnline(true);
    await act(async () => {
      await flushOutbox();
    });
    await waitFor(() => expect(screen.queryByTestId('outbox-indicator')).toBeNull());
    expect(server.records.size).toBe(2);
  });
});

vi.setConfig({ testTimeout: 10_000 });
