import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setOutboxTransport, type TransportResult } from '../../features/outbox';
import { resetOutboxForTests } from '../../features/outbox/testing';
import { RetryableError } from '../../lib/api/client';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { useSubmission } from './useSubmission';

let answer: () => Promise<TransportResult>;
const sentIds: string[] = [];

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  sentIds.length = 0;
  answer = async () => ({ status: 'delivered', id: 'x' });
  setOutboxTransport(async (_collection, body) => {
    sentIds.push(String(body.id));
    return answer();
  });
  setOnline(true);
});
afterEach(async () => {
  await resetOutboxForTests();
  setOnline(true);
});

async function send(result: { current: ReturnType<typeof useSubmission> }) {
  let outcome!: Awaited<ReturnType<ReturnType<typeof useSubmission>['submit']>>;
  await act(async () => {
    outcome = await result.current.submit({ name: 'Ada' }, 'a label');
  });
  return outcome;
}

describe('useSubmission', () => {
  it('is busy while sending and stays busy once delivered (the form is leaving for its thank-you page)', async () => {
    let release: (() => void) | null = null;
    answer = () => new Promise((r) => (release = () => r({ status: 'delivered', id: 'x' })));
    const { result } = renderHook(() => useSubmission('reservations'));
    expect(result.current.state).toBe('idle');
    let pending!: Promise<unknown>;
    act(() => {
      pending = result.current.submit({ name: 'Ada' }, 'label');
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      while (!release) await new Promise((r) => setTimeout(r, 20));
      release();
      await pending;
    });
    expect(result.current.state).toBe('busy');
  });

  it('hands on the refusal\'s code, the only thing a form decides by (issue 26)', async () => {
    answer = async () => ({ status: 'rejected', message: 'Tonight is full', fieldErrors: { event_date: 'Tonight is full' }, code: 'night_full' });
    const { result } = renderHook(() => useSubmission('reservations'));
    expect(await send(result)).toEqual({ kind: 'refused', message: 'Tonight is full', fieldErrors: { event_date: 'Tonight is full' }, code: 'night_full' });
  });

  it('is refused with the server messages per field', async () => {
    answer = async () => ({ status: 'rejected', message: 'Tonight is full', fieldErrors: { event_date: 'Tonight is full' } });
    const { result } = renderHook(() => useSubmission('reservations'));
    expect(await send(result)).toEqual({ kind: 'refused', message: 'Tonight is full', fieldErrors: { event_date: 'Tonight is full' } });
    expect(result.current.state).toBe('refused');
  });

  it('is queued offline, with the saved id, until reset', async () => {
    setOnline(false);
    const { result } = renderHook(() => useSubmission('reservations'));
    const outcome = await send(result);
    expect(outcome.kind).toBe('queued');
    expect(result.current.state).toBe('queued');
    expect(result.current.queuedId).toMatch(/^[a-z0-9]{15}$/);
    act(() => result.current.reset());
    expect(result.current.state).toBe('idle');
    expect(result.current.queuedId).toBeNull();
  });

  it("fails (back to idle) when the server is down and the form says so, and a retry reuses the record's id", async () => {
    answer = async () => {
      throw new Error('Server error (500)');
    };
    const { result } = renderHook(() => useSubmission('private_event_inquiries', { whenUnreachable: 'fail' }));
    expect((await send(result)).kind).toBe('failed');
    expect(result.current.state).toBe('idle');
    answer = async () => ({ status: 'delivered', id: 'x' });
    expect((await send(result)).kind).toBe('delivered');
    expect(sentIds[0]).toBe(sentIds[1]);
  });

  it('keeps a submission refused by a restore even when the form fails on a down server, and says a restore is why', async () => {
    const { result } = renderHook(() => useSubmission('private_event_inquiries', { whenUnreachable: 'fail' }));
    answer = () => Promise.reject(new RetryableError('Service unavailable', 503));
    expect(await send(result)).toEqual({ kind: 'failed' });
    answer = () => Promise.reject(new RetryableError(BACKUP_MESSAGES.restoring, 503, undefined, 600_000)); // sent again long after the test
    const outcome = await send(result);
    expect(outcome).toEqual({ kind: 'queued', id: sentIds[1], restoring: true });
    expect(result.current).toMatchObject({ state: 'queued', queuedId: sentIds[1] });
  });

  it('keeps trying in the background when the server is down and the form queues (reservations)', async () => {
    answer = async () => {
      throw new Error('Server error (500)');
    };
    const { result } = renderHook(() => useSubmission('reservations'));
    expect((await send(result)).kind).toBe('queued');
    expect(result.current.state).toBe('queued');
  });
});
