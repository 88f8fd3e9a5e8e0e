/**
 * Tonight's list's changes as the queue stores them, checked by the very rules the server applies
 * to them (validateWalkIn, validateReservationFields): bad input gets the field's message and
 * changes nothing, and what the tablet accepts the server accepts too.
 */
import { BOARD_GAME_NIGHT, TIME_SLOTS } from '../../../lib/rules/limits';
import { validateReservationFields, validateWalkIn } from '../../../lib/rules/staffSync';
import { venueParts } from '../../../lib/venueTime';
import { newRecordId } from '../../../lib/recordId';
import type { NewChange } from '../sync';
import type { Reservation } from '../types';

export interface WalkIn {
  name: string;
  email: string;
  phone: string;
  party_size: number;
  event_time: string;
}

export type Problems = Partial<Record<keyof WalkIn, string>>;

/** The walk-in's fields as the tablet sends them. */
function walkInFields(w: WalkIn, tonight: string) {
  return { name: w.name.trim(), email: w.email.trim(), phone: w.phone.trim(), party_size: w.party_size, event_date: tonight, event_time: w.event_time.trim() };
}

/** What the server would refuse in this walk-in, by field (the date is always tonight's). */
export function walkInProblems(w: WalkIn, tonight: string): Problems {
  return validateWalkIn(walkInFields(w, tonight), tonight) as Problems;
}

/** A walk-in for tonight, with the id the tablet chose; shown as the server will store it. */
export function walkInChange(w: WalkIn, tonight: string, now: Date = new Date()): NewChange {
  const fields = walkInFields(w, tonight);
  return {
    collection: 'reservations',
    op: 'create',
    record_id: newRecordId(),
    fields,
    label: `Walk-in: ${fields.name} · ${w.party_size}`,
    preview: { event_name: BOARD_GAME_NIGHT, source: 'kiosk', status: 'arrived', created: now.toISOString().replace('T', ' ') },
  };
}

/**
 * The slot a walk-in arriving `now` gets: the half hour it falls in, within the night's slots
 * (before 6 PM the first, after 11:30 PM and past midnight the last). The server takes only
 * slots for a board game night party, as the guests' form and the manage link do.
 */
export function currentSlot(now: Date = new Date()): string {
  const { hour, minute } = venueParts(now);
  // Past midnight the venue night is still the evening before.
  const minutes = (hour < 12 ? hour + 24 : hour) * 60 + minute;
  const index = Math.floor((minutes - 18 * 60) / 30);
  return TIME_SLOTS[Math.max(0, Math.min(TIME_SLOTS.length - 1, index))]!;
}

export interface Edit {
  party_size: number;
  event_time: string;
}

/** What the server would refuse in this edit of a board game night party, by field. */
export function editProblems(e: Edit): Partial<Record<keyof Edit, string>> {
  return validateReservationFields({ party_size: e.party_size, event_time: e.event_time.trim() }, true);
}

/** Only the fields staff changed, with the values they saw; null when nothing changed. */
export function editChange(r: Pick<Reservation, 'id' | 'name' | 'party_size' | 'event_time'>, e: Edit): NewChange | null {
  const fields: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  if (e.party_size !== r.party_size) {
    fields.party_size = e.party_size;
    base.party_size = r.party_size;
  }
  if (e.event_time.trim() !== r.event_time) {
    fields.event_time = e.event_time.trim();
    base.event_time = r.event_time;
  }
  if (Object.keys(fields).length === 0) return null;
  const what = [fields.party_size !== undefined ? `party of ${e.party_size}` : '', fields.event_time !== undefined ? `at ${e.event_time.trim()}` : ''].filter(Boolean).join(', ');
  return { collection: 'reservations', op: 'update', record_id: r.id, fields, base, label: `${r.name} · ${what}` };
}
