/**
 * Staff changes of tasks, priorities and the waitlist from the tablet (issue 25): the fields the
 * dashboard edits, checked with the shared rules (S.validateTaskFields, …), the overlap rule per
 * field (lib/staff-outcome.js settleOn). A delete of a record already gone is applied (it is so).
 * On the waitlist staff take a party out of line, as the guest's own leave link does: its held
 * seats go to the next party in this transaction.
 */
import * as S from '../rules';
import * as R from './sync-records';
import * as O from './staff-outcome';
import { offerFreedSeats } from './waitlist';
import type { FieldErrors } from './http';

/** Per collection: create, update and delete of one change inside `tx`, each an outcome. */
export interface Appliers {
  create(tx: CoreApp, change: O.Change): O.Outcome;
  update(tx: CoreApp, change: O.Change): O.Outcome;
  delete(tx: CoreApp, change: O.Change): O.Outcome;
}

/** Stored text: trimmed, '' for null (the collections store text, blank as ''). */
function stored(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  Object.keys(fields).forEach((k) => {
    const v = fields[k];
    out[k] = v === null ? '' : typeof v === 'string' ? v.trim() : v;
  });
  return out;
}

/** Tasks and priorities: create, update and delete with their collection's checks and defaults. */
function editable(name: string, validate: (fields: Record<string, unknown>, isCreate: boolean) => FieldErrors, defaults: Record<string, unknown>): Appliers {
  return {
    create(tx, change) {
      if (R.find(tx, name, change.record_id)) return O.invalid({ id: S.SYNC_MESSAGES.recordExists });
      const errors = validate(change.fields, true);
      if (Object.keys(errors).length) return O.invalid(errors);
      const r = new Record(tx.findCollectionByNameOrId(name));
      r.set('id', change.record_id);
      r.load(Object.assign({}, defaults, stored(change.fields)));
      tx.save(r);
      return O.applied(name, r);
    },
    update(tx, change) {
      const r = R.find(tx, name, change.record_id);
      if (!r) return O.notFound();
      const errors = validate(change.fields, false);
      if (Object.keys(errors).length) return O.invalid(errors, name, r);
      const settled = O.settleOn(name, r, change);
      if ('outcome' in settled) return settled.outcome;
      if (Object.keys(settled.apply).length === 0) return O.applied(name, r);
      r.load(stored(settled.apply));
      tx.save(r);
      return O.applied(name, r);
    },
    delete(tx, change) {
      const r = R.find(tx, name, change.record_id);
      // The tombstone is written by the delete hook (staff_sync.pb.js), in this transaction.
      if (r) tx.delete(r);
      return O.applied(name, null);
    },
  };
}

const LIVE = ['waiting', 'offered'];

const waitlist: Appliers = {
  create: () => O.invalid({ op: S.SYNC_MESSAGES.waitlistLeaveOnly }),
  delete: () => O.invalid({ op: S.SYNC_MESSAGES.waitlistLeaveOnly }),
  update(tx, change) {
    const r = R.find(tx, 'waitlist', change.record_id);
    if (!r) return O.notFound();
    const errors = S.validateWaitlistFields(change.fields);
    if (Object.keys(errors).length) return O.invalid(errors, 'waitlist', r);
    const settled = O.settleOn('waitlist', r, change);
    if ('outcome' in settled) return settled.outcome;
    if (Object.keys(settled.apply).length === 0) return O.applied('waitlist', r);
    // Forced over a claim or an expiry: the entry is out of line already, nothing to take out.
    if (LIVE.indexOf(r.getString('status')) === -1) return O.refused('invalid', S.SYNC_MESSAGES.notInLine, 'waitlist', r);
    r.set('status', 'left');
    tx.save(r);
    offerFreedSeats(tx, r.getString('event_date'));
    return O.applied('waitlist', r);
  },
};

const BY_COLLECTION: Record<string, Appliers> = {
  tasks: editable('tasks', S.validateTaskFields, { description: '', cadence: '', order_index: 0, is_completed: false, status: 'unchecked', notes: '' }),
  priorities: editable('priorities', S.validatePriorityFields, { is_completed: false, order_index: 0 }),
  waitlist,
};

export function forCollection(collection: string): Appliers | undefined {
  return BY_COLLECTION[collection];
}

