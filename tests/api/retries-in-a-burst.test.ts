/**
 * A guest's phone sends a create again when it never heard the answer (the outbox), so at a busy
 * door a retry of a stored reservation often lands in the same write turn batch as other guests'
 * creates (server/writeturn.go). The retry must get PocketBase's duplicate answer and change
 * nothing, and never take the batch down with it: a failed INSERT opened a statement journal,
 * FTS5 flushed the batch's pending search rows into it, the turn read as having written, and the
 * whole batch rolled back, the first create included (stop 38's reliability run: 50 repeats of
 * one id stored 0 records).
 */
import { describe, expect, it } from 'vitest';
import { newRecordId } from '../../src/lib/api/client';
import { addDays, venueToday } from '../../src/lib/venueTime';
import { boardGameBody, post, venuePerFile } from '../support/api-fixtures';

const v = venuePerFile({ relaxed: true });
const DUPLICATE = { status: 400, message: 'Failed to create record.', data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } } };

describe('retries in a burst of creates', () => {
  it('50 repeats of one id beside 20 other guests: one record, every other guest stored, each repeat told it is a duplicate (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      // A night of its own each round: 21 guests of 40 seats.
      const night = { event_date: addDays(venueToday(), 10 + round), party_size: 1 };
      const repeated = boardGameBody({ ...night, id: newRecordId(), email: `repeat-${round}@example.test` });
      const others = Array.from({ length: 20 }, (_, i) => boardGameBody({ ...night, id: newRecordId(), email: `other-${round}-${i}@example.test` }));
      const url = `${v.url}/api/collections/reservations/records`;
      const sends = Array.from({ length: 50 }, (_, i) => (i % 3 === 1 && others.length ? others.pop()! : repeated));
      const answers = await Promise.all([...sends, ...others].map((body) => post(url, body).then((res) => ({ body, res }))));
      const forRepeat = answers.filter((a) => a.body === repeated).map((a) => a.res);
      expect(forRepeat.filter((r) => r.status === 200), `round ${round}`).toHaveLength(1);
      for (const r of forRepeat.filter((x) => x.status !== 200)) expect(r.json, `round ${round}`).toEqual(DUPLICATE);
      const otherAnswers = answers.filter((a) => a.body !== repeated);
      expect(otherAnswers.map((a) => a.res.status), `round ${round}: ${JSON.stringify(otherAnswers.find((a) => a.res.status !== 200)?.res.json)}`).toEqual(otherAnswers.map(() => 200));
      const ids = [repeated.id, ...otherAnswers.map((a) => a.body.id)];
      const stored = await v.su.collection('reservations').getFullList({ filter: ids.map((id) => `id = "${id}"`).join(' || '), fields: 'id' });
      expect(stored, `round ${round}`).toHaveLength(21);
    }
  });
});
