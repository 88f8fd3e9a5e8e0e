/**
 * Guests' personal data (issue 32 item 7): how long it is kept, what an erased record says, and
 * the words of the owner's "Export this guest" / "Forget this guest". Shared by the hooks (the
 * nightly retention job, the owner routes) and the guest search's dialog, so both say the same.
 */
import { addDays, venueDateTimeToUtc, venueNight, VENUE_NIGHT_ENDS_HOUR, type IsoDate } from '../venueTime';

export const RETENTION = {
  /** Days a night's personal data is kept after the night, unless RETENTION_DAYS says otherwise. */
  defaultDays: 730,
  /**
   * Rows erased per write transaction: the first batch's size, then sized to hold SQLite's one
   * write lock about `targetMs`, from the batch's turn to the end of its commit (nextBatchSize),
   * between `min` and `max` rows. A guest's create waits for at most one batch, on a quiet
   * machine or a busy one. 10 ms, not 20: with 20 the guests' creates' p99 during a 100,000-row
   * run was 2-5 times their usual (scripts/bench/retention.mjs); with 10, 0.8-1.7 times, the run
   * taking longer (twice the commits).
   */
  batch: { first: 100, min: 10, max: 1000, targetMs: 10 },
  /**
   * Rows erased between two checkpoints of the write-ahead log (hooks/lib/retention.ts): about
   * 500 pages of it, under the 1,000 at which SQLite would checkpoint inside a guest's commit.
   * After every batch instead, a 100,000-row run took half as long again (each checkpoint syncs).
   */
  checkpointRows: 500,
} as const;

/**
 * The next batch's size from how long the last one held the write lock (`heldMs`): scaled toward
 * RETENTION.batch.targetMs, never more than doubling at once, within min and max.
 */
export function nextBatchSize(size: number, heldMs: number): number {
  const { min, max, targetMs } = RETENTION.batch;
  const scaled = Math.round((size * targetMs) / Math.max(heldMs, 1));
  return Math.max(min, Math.min(max, size * 2, scaled));
}

/**
 * What an erased record holds instead of the guest's data. The collections require a name and an
 * email (a staff edit of an old record must still validate), so those get a placeholder; the
 * `.invalid` domain can never receive mail (RFC 2606). Required free text (an inquiry's phone and
 * message) says "Erased"; optional personal fields are emptied.
 */
export const ERASED = {
  name: 'Erased guest',
  email: 'erased@erased.invalid',
  text: 'Erased',
} as const;

/** True for a record whose guest data was erased (by retention or "Forget this guest"). */
export function isErasedEmail(email: string): boolean {
  return email === ERASED.email;
}

/**
 * RETENTION_DAYS as read at start-up: a positive whole number of days, written in digits. Anything
 * else (0, -3, 1.5, "two years") keeps the default and says why, for the start-up log.
 */
export function readRetentionDays(raw: string | undefined): { days: number; warning: string } {
  const text = (raw ?? '').trim();
  if (!text) return { days: RETENTION.defaultDays, warning: '' };
  if (/^\d{1,6}$/.test(text) && Number(text) > 0) return { days: Number(text), warning: '' };
  return {
    days: RETENTION.defaultDays,
    warning: `RETENTION_DAYS must be a positive whole number of days (got "${text}"); keeping guests' personal data ${RETENTION.defaultDays} days after their night.`,
  };
}

/**
 * What retention erases at `now`: the personal data of every night before `night` (the venue night
 * `days` nights before tonight), and of the records without a night (inquiries, applications,
 * pass receipts) made before `before`, the instant that night began to count (04:00 venue time on
 * `night`, VENUE_NIGHT_ENDS_HOUR: a record made at 12:40 AM belongs to the night before, like a
 * reservation made then). So a night is kept `days` whole nights after it, and erased the next.
 */
export function retentionCutoff(now: Date, days: number): { night: IsoDate; before: Date } {
  const night = addDays(venueNight(now), -days);
  const before = venueDateTimeToUtc(night, `${VENUE_NIGHT_ENDS_HOUR}:00 AM`) as Date;
  return { night, before };
}

/** Per collection, how many records of the guest (the export, a forget's preview and its result). */
export interface GuestCounts {
  reservations: number;
  waitlist: number;
  private_event_inquiries: number;
  influencer_applications: number;
  pass_confirmations: number;
}

const COUNT_WORDS: Record<keyof GuestCounts, [string, string]> = {
  reservations: ['reservation', 'reservations'],
  waitlist: ['waitlist entry', 'waitlist entries'],
  private_event_inquiries: ['private event inquiry', 'private event inquiries'],
  influencer_applications: ['influencer application', 'influencer applications'],
  pass_confirmations: ['monthly pass receipt', 'monthly pass receipts'],
};

/** "3 reservations, 1 private event inquiry" ('' when there is nothing). */
export function describeCounts(counts: GuestCounts): string {
  return (Object.keys(COUNT_WORDS) as (keyof GuestCounts)[])
    .filter((key) => counts[key] > 0)
    .map((key) => `${counts[key]} ${counts[key] === 1 ? COUNT_WORDS[key][0] : COUNT_WORDS[key][1]}`)
    .join(', ');
}

export function totalOf(counts: GuestCounts): number {
  return (Object.keys(COUNT_WORDS) as (keyof GuestCounts)[]).reduce((sum, key) => sum + counts[key], 0);
}

export const GUEST_DATA_MESSAGES = {
  ownersOnly: 'Only an owner can export or forget a guest.',
  badEmail: 'email: the guest’s email address, as text.',
  badPhone: 'phone: the guest’s phone number as text, or leave it out.',
  nothingLeft: 'Nothing to forget: no records of this guest are left. They were erased already, or never made.',
  /** The activity row of a forget: counts only, never who. */
  forgot: (counts: GuestCounts) => `Forgot a guest: ${describeCounts(counts)}`,
  exported: (counts: GuestCounts) => `Exported a guest’s data: ${describeCounts(counts) || 'no records'}`,
} as const;

/** The digits of a phone number, without a leading US country code 1 ("+1 (347) 555-0100" → 3475550100). */
export function guestPhoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The email as compared: trimmed, lower case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** An instant with its offset, as the --now of the console commands: 2026-11-23T17:05:00Z. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const RETENTION_MESSAGES = {
  badNow: (got: string) => `now must be an ISO instant with its offset, e.g. 2026-11-23T17:05:00Z (got ${got}).`,
} as const;
