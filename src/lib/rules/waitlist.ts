/**
 * Full nights and the night itself (issue 12): the waitlist's holds, the day-of reminder and the
 * manage link. Limits and the words a guest reads live here once; the browser and the hooks
 * (through pb_hooks/lib/backend.js) both use them.
 */

import { checkOptionalChoice, textTypeError, validateBoardGameReservation, type FieldErrors, type Input } from './validate';
import { REQUEST_MESSAGES, WAITLIST_SOURCES } from './requests';

/** An offer holds its seats this long before it passes to the next party that fits. */
export const WAITLIST_HOLD_MINUTES = 120;
/** On the night itself a held table cannot wait two hours: the hold is shorter. */
export const WAITLIST_HOLD_TONIGHT_MINUTES = 30;

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
export function validateWaitlistJoin(input: Input, todayIso: string): FieldErrors {
  const { source: _reservationSource, ...errors } = validateBoardGameReservation(input, todayIso);
  const source = textTypeError(input.source) || checkOptionalChoice(input.source, WAITLIST_SOURCES, REQUEST_MESSAGES.waitlistSourceInvalid);
  return source ? { ...errors, source } : errors;
}
