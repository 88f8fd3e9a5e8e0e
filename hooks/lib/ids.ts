/** Ids and stamps: the mail links' random tokens and PocketBase's datetime text. */
import * as S from '../rules';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const CANCEL_TOKEN_LENGTH = S.CANCEL_TOKEN_LENGTH;

/** PocketBase's datetime text format (UTC), comparable as text: 2026-11-22 03:02:06.575Z */
export function stamp(date?: Date): string {
  return (date || new Date()).toISOString().replace('T', ' ');
}

export function stampIn(seconds: number): string {
  return stamp(new Date(Date.now() + seconds * 1000));
}

export function randomToken(): string {
  return $security.randomStringWithAlphabet(CANCEL_TOKEN_LENGTH, ALNUM);
}
