/** A guest's record: the fields a form stores. */
import * as S from '../rules';
import type { Body } from './request-body';

/** The guest's own fields of a board game night form, as stored (reservations, the waitlist). */
export function guestFields(input: Body): { name: string; email: string; phone: string } {
  return { name: S.text(input.name), email: S.text(input.email), phone: S.text(input.phone) };
}
