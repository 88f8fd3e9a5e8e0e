/**
 * Cuts the next call of the change queue (issue 25): at most `maxCount` changes, and a request
 * body no larger than `maxBytes` (the server refuses a bigger one with 413 before reading it, see
 * REQUEST_LIMITS in src/lib/rules/requests.ts). A change whose body alone is over the cap can
 * never be sent: it is returned apart, for the Not applied list, instead of holding up the queue.
 */
import type { ChangeWire } from './types';

/** What is sent of a stored change: the contract's fields, none of the tablet's own. */
export function toWire(change: ChangeWire): ChangeWire {
  const { id, collection, op, record_id, fields, base, force, made_at } = change;
  return { id, collection, op, record_id, fields, base, force, made_at };
}

const encoder = new TextEncoder();

/** Bytes of the UTF-8 JSON the SDK sends (pb.send serialises the body with JSON.stringify). */
export const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/** `{"changes":[` + `]}`: the envelope around the changes, separated by commas. */
const ENVELOPE_BYTES = jsonBytes({ changes: [] });

export interface Cut<T> {
  /** the next call's changes, in order */
  send: T[];
  /** changes met before the cut that are over the cap on their own */
  tooLarge: T[];
}

/**
 * Takes changes in order while the call stays within both limits. `changes` is the waiting queue
 * (or its head), oldest first; `toWire` is what is sent of each.
 */
export function cutBatch<T>(changes: readonly T[], toWire: (change: T) => ChangeWire, maxCount: number, maxBytes: number): Cut<T> {
  const send: T[] = [];
  const tooLarge: T[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const change of changes) {
    if (send.length >= maxCount) break;
    const size = jsonBytes(toWire(change));
    if (ENVELOPE_BYTES + size > maxBytes) {
      tooLarge.push(change);
      continue;
    }
    const added = size + (send.length ? 1 : 0);
    if (bytes + added > maxBytes) break;
    send.push(change);
    bytes += added;
  }
  return { send, tooLarge };
}
