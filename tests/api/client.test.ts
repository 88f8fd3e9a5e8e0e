/**
 * src/lib/api/client.ts against the real server: delivered, duplicate = delivered,
 * rejected with per-field messages, and retryable errors thrown.
 */
import { describe, expect, it } from 'vitest';
import { createClient, createOnce, newRecordId, RetryableError } from '../../src/lib/api/client';
import { boardGameBody, influencerBody, venuePerFile } from '../support/api-fixtures';
import { freePort } from '../support/pocketbase';
import { MESSAGES } from '../../src/lib/rules/limits';

const v = venuePerFile({ smtp: false, meta: false, relaxed: true });

describe('createOnce', () => {
  it('makes ids of 15 [a-z0-9]', () => {
    const ids = new Set(Array.from({ length: 200 }, newRecordId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/);
  });

  it('delivers, and treats a repeat of the same id as delivered', async () => {
    const pb = createClient(v.url);
    const body = boardGameBody();
    expect(await createOnce('reservations', body, pb)).toEqual({ status: 'delivered', id: body.id });
    expect(await createOnce('reservations', body, pb)).toEqual({ status: 'delivered', id: body.id });
    expect((await v.su.collection('reservations').getFullList({ filter: `id = "${body.id}"` })).length).toBe(1);
  });

  it('flushes 20 queued creates at once', async () => {
    const pb = createClient(v.url);
    const bodies = Array.from({ length: 20 }, () => boardGameBody({ party_size: 1 }));
    const results = await Promise.all(bodies.map((b) => createOnce('reservations', b, pb)));
    expect(results.every((r) => r.status === 'delivered')).toBe(true);
  });

  it('maps a rejection to per-field messages and a toast message', async () => {
    const pb = createClient(v.url);
    const result = await createOnce('influencer_applications', influencerBody({ name: '', message: 'short' }), pb);
    expect(result).toEqual({
      status: 'rejected',
      fieldErrors: { name: MESSAGES.nameRequired, message: MESSAGES.messageTooShort },
      message: MESSAGES.nameRequired,
    });
  });

  it('throws a RetryableError when the server cannot be reached', async () => {
    const pb = createClient(`http://127.0.0.1:${await freePort()}`);
    await expect(createOnce('reservations', boardGameBody(), pb)).rejects.toBeInstanceOf(RetryableError);
  });
});
