/**
 * The pass confirmation's record id, derived from its values: the same receipt always gets the
 * same id, so reloading or sharing the /thank-you link is recognised by the server as the
 * same record (a duplicate id stores and mails nothing).
 *
 * id = SHA-256 of the normalised values, read as a number, rendered in base 36 and reduced to
 * 15 characters of [a-z0-9] (PocketBase's id shape).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { RECORD_ID_LENGTH } from '../../lib/rules/limits';
import type { PassConfirmationBody } from './receipt';
import { cleanText } from './receipt';

/**
 * SHA-256 of a UTF-8 string as lowercase hex. @noble/hashes rather than Web Crypto: `crypto.subtle`
 * exists only in secure contexts, and the pass id must be derivable on a plain-http preview too.
 */
export function sha256Hex(message: string): string {
  return bytesToHex(sha256(utf8ToBytes(message)));
}

/** The canonical text hashed for an id: one value per slot, money in cents, email lower-cased. */
export function passIdSource(body: PassConfirmationBody): string {
  return JSON.stringify([
    'monthly-pass/v1',
    cleanText(body.name),
    cleanText(body.email).toLowerCase(),
    cleanText(body.date),
    cleanText(body.time),
    body.people,
    Math.round(body.cost * 100),
    Math.round(body.tax * 100),
  ]);
}

const ID_SPACE = 36n ** BigInt(RECORD_ID_LENGTH);

/** 64 hex digits → 15 characters of [a-z0-9]. */
export function idFromHex(hex: string): string {
  return (BigInt(`0x${hex}`) % ID_SPACE).toString(36).padStart(RECORD_ID_LENGTH, '0');
}

/** Synchronous (no Web Crypto); callers may still await it. */
export function derivePassId(body: PassConfirmationBody): string {
  return idFromHex(sha256Hex(passIdSource(body)));
}
