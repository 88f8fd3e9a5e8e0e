/**
 * The routes behind the links in a guest's emails (contract of issue 12): a reservation's manage
 * link and a waitlist entry's link, and the waitlist entry's on-screen acknowledgement.
 */
import { requestJson } from '../../lib/api/json';
import type { WaitlistStatus } from '../../lib/rules/waitlist';
import type { ReservationSummary } from '../../lib/rules/reservationSummary';

/** GET/POST /api/reservations/cancel/{token}, POST /api/reservations/manage/{token}. */
export type { ReservationSummary };

/** GET /api/waitlist/{token} (POST leave answers the same). */
export interface WaitlistSummary {
  status: WaitlistStatus;
  event_date: string;
  night?: string;
  party_size: number;
  event_time: string;
  position?: number | null;
  offer_expires?: string | null;
  offered_at?: string | null;
  name?: string;
}

const path = (prefix: string, key: string, suffix = '') => `${prefix}${encodeURIComponent(key)}${suffix}`;

export const reservationLink = {
  get: (token: string) => requestJson(path('/api/reservations/cancel/', token)),
  cancel: (token: string) => requestJson(path('/api/reservations/cancel/', token), 'POST'),
  change: (token: string, patch: { party_size?: number; event_time?: string }) => requestJson(path('/api/reservations/manage/', token), 'POST', patch),
};

export const waitlistLink = {
  get: (token: string) => requestJson(path('/api/waitlist/', token)),
  claim: (token: string) => requestJson(path('/api/waitlist/', token, '/claim'), 'POST'),
  leave: (token: string) => requestJson(path('/api/waitlist/', token, '/leave'), 'POST'),
};
