/**
 * The outbox hands a refusal's code on (issue 26): to the form when it is sent at once, and onto
 * the stored entry when a background flush (the offline queue's replay) is refused, so whatever
 * decides about a rejection decides by the code. A refusal without one stores none.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxDb, resetOutboxDbForTests } from './db';
import { flushOutbox, submitThroughOutbox } from './outbox';
import { setOutboxTransport, type TransportResult } from './transport';

const words = 'Saturday, December 5 is fully booked. Please choose another night.';
let answer: TransportResult;

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(async () => {
  await resetOutboxDbForTests();
  setOutboxTransport(async () => answer);
  setOnline(true);
});
afterEach(() => {
  setOutboxTransport(null);
  setOnline(true);
});

const body = { name: 'Ada', email: 'ada@example.test', party_size: 2 };

describe('refusal codes through the outbox', () => {
  it('returns the code of a refusal sent at once', async () => {
    answer = { status: 'rejected', message: words, fieldErrors: { event_date: words }, code: 'night_full' };
    expect(await submitThroughOutbox('reservations', body, { label: 'x' })).toMatchObject({ status: 'rejected', code: 'night_full' });
  });

  it('keeps the code of a refusal met on replay, and none when the server gave none', async () => {
    setOnline(false);
    const coded = await submitThroughOutbox('reservations', body, { label: 'coded' });
    setOnline(true);
    answer = { status: 'rejected', message: words, fieldErrors: { event_date: words }, code: 'night_full' };
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect(await outboxDb().entries.get(coded.id)).toMatchObject({ state: 'rejected', code: 'night_full' });

    setOnline(false);
    const uncoded = await submitThroughOutbox('reservations', body, { label: 'same words' });
    setOnline(true);
    answer = { status: 'rejected', message: words, fieldErrors: { event_date: words } };
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    const entry = await outboxDb().entries.get(uncoded.id);
    expect(entry?.state).toBe('rejected');
    expect(entry?.code).toBeUndefined();
  });
});
