/** A guest's record: the fields a form stores, and what the manage link shows of a reservation. */
import type { ReservationSummary } from '../../src/lib/rules/reservationSummary';
import * as S from '../rules';
import type { Body } from './request-body';

/** The guest's own fields of a board game night form, as stored (reservations, the waitlist). */
export function guestFields(input: Body): { name: string; email: string; phone: string } {
  return { name: S.text(input.name), email: S.text(input.email), phone: S.text(input.phone) };
}

/** What the manage link shows of its reservation (see cancelSummary). */
export type CancelSummary = ReservationSummary;

/**
 * What the manage link (/cancel/{token}) shows of its reservation: the look-up, the change and
 * the cancel all answer with it. can_change: still confirmed and its venue night not passed.
 */
export function cancelSummary(r: core.Record): CancelSummary {
  const facts = {
    event_name: r.getString('event_name'),
    event_date: r.getString('event_date'),
    event_time: r.getString('event_time'),
    party_size: r.getInt('party_size'),
    status: r.getString('status'),
    name: r.getString('name'),
  };
  return {
    ...facts,
    is_board_game_night: S.isBoardGameNight(facts.event_name),
    can_change: S.canChangeReservation(facts, S.venueNight()),
  };
}
