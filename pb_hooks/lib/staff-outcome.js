/// <reference path="../../pb_data/types.d.ts" />
/**
 * The outcomes a staff change can have (docs/staff-sync.md §2), built one way for every collection:
 * applied with the record as it now is, a conflict with both values, or a refusal with its code
 * and the sentence staff read under "Not applied" (`fields`: each bad field's message, an addition).
 */
const S = require(`${__hooks}/lib/shared.js`);
const R = require(`${__hooks}/lib/sync-records.js`);

function applied(collection, r) {
  const out = { outcome: 'applied' };
  if (r) out.record = R.toJson(collection, r);
  return out;
}

function refused(code, message, collection, r, fields) {
  const out = { outcome: 'refused', code, message };
  if (r) out.record = R.toJson(collection, r);
  if (fields) out.fields = fields;
  return out;
}

/** Refused as invalid: the message names the first bad field ("party_size: Maximum 20 people"). */
function invalid(errors, collection, r) {
  const field = Object.keys(errors)[0];
  return refused('invalid', `${field}: ${errors[field]}`, collection, r, errors);
}

function notFound() {
  return refused('not_found', S.SYNC_MESSAGES.notFound);
}

function conflict(collection, r, conflicts) {
  return { outcome: 'conflict', code: 'conflict', message: S.SYNC_MESSAGES.conflict, record: R.toJson(collection, r), conflicts };
}

/**
 * The overlap rule (S.settleFields) on record `r`: { apply } the fields to write, or { outcome }
 * when the change stops here (a field without its base value, or a conflict).
 */
function settleOn(collection, r, change) {
  const fields = Object.keys(change.fields);
  const settled = S.settleFields(R.valuesOf(collection, r, fields), change.base, change.fields, change.force);
  if (settled.missingBase.length) {
    const errors = {};
    settled.missingBase.forEach((f) => {
      errors[f] = S.SYNC_MESSAGES.baseMissing;
    });
    return { outcome: invalid(errors, collection, r) };
  }
  if (settled.conflicts.length) return { outcome: conflict(collection, r, settled.conflicts) };
  return { apply: settled.apply };
}

module.exports = { applied, refused, invalid, notFound, conflict, settleOn };
