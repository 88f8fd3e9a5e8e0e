/** Client-chosen record ids, apart from the PocketBase SDK so any form or queue can make one cheaply. */
import { RECORD_ID_ALPHABET, RECORD_ID_LENGTH, RECORD_ID_PATTERN } from './rules/limits';

/** A fresh record id in PocketBase's shape: 15 characters of [a-z0-9], from the CSPRNG. */
export function newRecordId(): string {
  const bytes = new Uint8Array(RECORD_ID_LENGTH * 2);
  let id = '';
  // 252 is the largest multiple of 36 below 256: skipping larger bytes keeps the ids uniform.
  while (id.length < RECORD_ID_LENGTH) {
    globalThis.crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < 252 && id.length < RECORD_ID_LENGTH) id += RECORD_ID_ALPHABET[b % RECORD_ID_ALPHABET.length];
    }
  }
  return id;
}

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID_PATTERN.test(value);
}
