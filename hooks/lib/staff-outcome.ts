/**
 * The outcomes a staff change can have (docs/staff-sync.md §2), built one way for every collection:
 * applied with the record as it now is, a conflict with both values, or a refusal with its code
 * and the sentence staff read under "Not applied" (`fields`: each bad field's message, an addition).
 */
import * as S from '../rules';
import * as R from './sync-records';
import type { FieldErrors } from './http';

/** A change's outcome, as the tablet reads it (docs/staff-sync.md §2). */
export interface Outcome {
  outcome: 'applied' | 'refused' | 'conflict';
  code?: string;
  message?: string;
  record?: R.SyncRecord;
  fields?: FieldErrors;
  conflicts?: S.FieldConflict[];
}

/** A change as S.readChange accepts it. */
export type Change = S.SyncChange;

export function applied(collection: string, r: core.Record | null): Outcome {
  const out: Outcome = { outcome: 'applied' };
  if (r) out.record = R.toJson(collection, r);
  return out;
}

export function refused(code: string, message: string, collection?: string | null, r?: core.Record | null, fields?: FieldErrors): Outcome {
  const out: Outcome = { outcome: 'refused', code, message };
  if (r && collection) out.record = R.toJson(collection, r);
  if (fields) out.fields = fields;
  return out;
}

/** Refused as invalid: the message names the first bad field ("party_size: Maximum 20 people"). */
export function invalid(errors: FieldErrors, collection?: string, r?: core.Record): Outcome {
  const field = Object.keys(errors)[0] ?? '';
  return refused('invalid', `${field}: ${errors[field]}`, collection, r, errors);
}

export function notFound(): Outcome {
  return refused('not_found', S.SYNC_MESSAGES.notFound);
}

export function conflict(collection: string, r: core.Record, conflicts: S.FieldConflict[]): Outcome {
  return { outcome: 'conflict', code: 'conflict', message: S.SYNC_MESSAGES.conflict, record: R.toJson(collection, r), conflicts };
}

/**
 * The overlap rule (S.settleFields) on record `r`: { apply } the fields to write, or { outcome }
 * when the change stops here (a field without its base value, or a conflict).
 */
export function settleOn(collection: string, r: core.Record, change: Change): { outcome: Outcome } | { apply: Record<string, unknown> } {
  const fields = Object.keys(change.fields);
  const settled = S.settleFields(R.valuesOf(collection, r, fields), change.base, change.fields, change.force);
  if (settled.missingBase.length) {
    const errors: FieldErrors = {};
    settled.missingBase.forEach((f) => {
      errors[f] = S.SYNC_MESSAGES.baseMissing;
    });
    return { outcome: invalid(errors, collection, r) };
  }
  if (settled.conflicts.length) return { outcome: conflict(collection, r, settled.conflicts) };
  return { apply: settled.apply };
}

