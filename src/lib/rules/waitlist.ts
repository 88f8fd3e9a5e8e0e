/**
 * Full nights and the night itself (issue 12): the waitlist's holds, the day-of reminder and the
 * manage link. Limits and the words a guest reads live here once; the browser and the hooks
 * (through pb_hooks/lib/backend.js) both use them.
 */

import { validateBoardGameReservation, type Validated } from './validate';
import { checkOptionalChoice, textField, type Input } from './fieldChecks';
import { REQUEST_MESSAGES, WAITLIST_SOURCES } from './requests';
import { addDays, clockText, venueDateTimeToUtc, venueNight, venueParts, venueToday, type IsoDate } from '../venueTime';

/** An offer holds its seats this long before it passes to the next party that fits. */
export const WAITLIST_HOLD_MINUTES = 120;
/** On the night itself a held table cannot wait two hours: the hold is shorter. */
export const WAITLIST_HOLD_TONIGHT_MINUTES = 30;
/**
 * For a night further off than tomorrow, a hold never ends while guests sleep: one that would end
 * from 10 PM to 10 AM venue time runs on to 10 AM (hours of the venue's wall clock).
 */
export const WAITLIST_QUIET_HOURS = { from: 22, until: 10 } as const;
const QUIET = { from: clockText(WAITLIST_QUIET_HOURS.from, 0, true), until: clockText(WAITLIST_QUIET_HOURS.until, 0, true) };

/** Which rule set a hold's end: the night itself, the usual two hours, or two hours run on to the morning. */
export type HoldRule = 'tonight' | 'twoHours' | 'morning';

export interface WaitlistHold {
  /** The instant the hold ends. */
  expires: Date;
  rule: HoldRule;
}

/**
 * When an offer made at `offeredAt` for the night `date` stops holding its seats. `tonight` is
 * the venue night at `offeredAt` (venueNight). Tonight: 30 minutes. Tomorrow night: 2 hours,
 * whatever the hour. A night after that: 2 hours, but an end from 10 PM to 10 AM moves on to
 * 10 AM (so an offer made at 1:48 AM is held until 10 AM that morning, not 3:48 AM).
 */
export function waitlistHold(date: IsoDate, offeredAt: Date, tonight: IsoDate = venueNight(offeredAt)): WaitlistHold {
  if (date === tonight) return { expires: new Date(offeredAt.getTime() + WAITLIST_HOLD_TONIGHT_MINUTES * 60_000), rule: 'tonight' };
  const end = new Date(offeredAt.getTime() + WAITLIST_HOLD_MINUTES * 60_000);
  const hour = venueParts(end).hour;
  const quiet = hour >= WAITLIST_QUIET_HOURS.from || hour < WAITLIST_QUIET_HOURS.until;
  if (date <= addDays(tonight, 1) || !quiet) return { expires: end, rule: 'twoHours' };
  const morning = hour >= WAITLIST_QUIET_HOURS.from ? addDays(venueToday(end), 1) : venueToday(end);
  return { expires: venueDateTimeToUtc(morning, QUIET.until) ?? end, rule: 'morning' };
}

/** A waitlist entry's life: waiting → offered → claimed, or left / expired on the way. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'claimed', 'left', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** The day-of reminder goes out at this hour, venue time (America/New_York), on the venue night. */
export const REMINDER_HOUR = 12;
/** No reminder for a reservation made less than this long before its arrival time. */
export const REMINDER_MIN_LEAD_HOURS = 3;
/**
 * A manage-link change's update mail waits this long, and changes made meanwhile join it: one
 * mail with the latest state, not one per change (the server's UPDATE_MAIL_DELAY_SECONDS may set it).
 */
export const UPDATE_MAIL_DELAY_SECONDS = 60;

export const WAITLIST_MESSAGES = {
  /** The button a full night offers instead of "Reserve My Spot". */
  join: (longNight: string) => `Join the waitlist for ${longNight}`,
  /** On screen once the entry is stored. */
  joined: (longNight: string, position: number) =>
    `You're on the waitlist for ${longNight}: number ${position} in line. We'll email you as soon as a table frees up.`,
  /** On screen when the entry waits in the offline queue. */
  joinQueued: (longNight: string) =>
    `You're offline, so your place on the waitlist for ${longNight} is saved on this device and will be sent as soon as you're back online.`,
  /** On screen once stored, when the place in line could not be read. */
  joinedNoPosition: (longNight: string) => `You're on the waitlist for ${longNight}. We'll email you as soon as a table frees up.`,
  /** On screen when the device is online but the server could not be reached: the entry waits on the device. */
  joinRetrying: (longNight: string) =>
    `We couldn't reach our booking system just now, so your place on the waitlist for ${longNight} is saved on this device and will be sent automatically.`,
  /** On screen when an entry saved on the device was turned down and the server gave no reason. */
  joinRefused: 'Our booking system did not add you to the waitlist. Please choose another night or time.',
  alreadyWaiting: (longNight: string) => `You're already on the waitlist for ${longNight}.`,
  notFound: 'This waitlist link is not valid. Please check the link in your email.',
  offerExpired: 'This offer has expired and the table went to the next guest in line. You are no longer on the waitlist for this night.',
  notOffered: 'There is no table to claim yet. We will email you as soon as one frees up.',
  /** Why a hold ends when it does: in the offer's mail and on its page. */
  holdRule: (rule: HoldRule) =>
    rule === 'tonight'
      ? `Tables for tonight are held for ${WAITLIST_HOLD_TONIGHT_MINUTES} minutes.`
      : rule === 'twoHours'
        ? `Tables are held for ${WAITLIST_HOLD_MINUTES / 60} hours.`
        : `Tables are held for ${WAITLIST_HOLD_MINUTES / 60} hours, but never end overnight (${QUIET.from} to ${QUIET.until}), so this one is held until ${QUIET.until}.`,
  left: 'You have left the waitlist. We will not email you about this night again.',
  nightPassed: 'This night has passed.',
  /** A join naming an event (not board game night): events never fill up, so they have no line. */
  eventHasNoWaitlist: (title: string) => `Only Board Game Night has a waitlist: ${title} has room, so please reserve your spot for it instead.`,
} as const;

export const MANAGE_MESSAGES = {
  heading: 'Manage your reservation',
  changed: 'Your reservation is updated. Within a minute we will email you the new details and an updated calendar invitation (one email for changes made together).',
  nothingChanged: 'Please change the party size or the arrival time first.',
  changeTooLate: 'This reservation can no longer be changed online. Please contact us.',
  /** An event reservation always holds one guest (SPEC §3). */
  partySizeFixed: 'An event reservation is for one guest, so its party size cannot be changed.',
  /** An event reservation's time is the event's own. */
  timeFixed: "An event reservation's time is the event's own and cannot be changed.",
} as const;

/**
 * A waitlist join: a board game night form, and a source the entry can hold (its select field's
 * values) so a wrong one is named here, not refused by PocketBase's generic "Failed to create record.".
 */
export function validateWaitlistJoin(input: Input, todayIso: string): Validated {
  const reservation = validateBoardGameReservation(input, todayIso);
  const { source: _reservationSource, ...errors } = reservation.errors;
  const source = textField(input.source, (v) => checkOptionalChoice(v, WAITLIST_SOURCES, REQUEST_MESSAGES.waitlistSourceInvalid));
  // The code stays the reservation's (its source, replaced here, never carries one).
  const joined: Validated = { errors: source ? { ...errors, source } : errors };
  if (reservation.code) joined.code = reservation.code;
  return joined;
}
