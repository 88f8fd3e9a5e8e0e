/**
 * The waitlist links' rules for Go (server/waitlistlinks.go: claiming a held table and leaving
 * the line, issue 33), in the rules bundle beside the creates' (hooks/create/rules.ts). Go reads
 * the entry and the night's seats and writes what these plan; each call is JSON text in and out.
 */
import * as S from '../rules';
import { nightOf, seatsShortfall, type SeatsRow } from '../lib/capacity';
import { plannedJobs } from '../lib/create-plan';
import { failBody } from '../lib/http';
import * as Ids from '../lib/ids';
import { jobRow, type RequestContext } from '../lib/jobs';
import { isLiveWaitlistStatus, LIVE_WAITLIST_STATUSES, WAITLIST_POSITION_SQL } from '../outbox/waitlist-position';

export { LIVE_WAITLIST_STATUSES, WAITLIST_POSITION_SQL };

/** A link to no entry (a malformed token is never looked up). */
export const WAITLIST_NOT_FOUND = failBody(404, S.WAITLIST_MESSAGES.notFound);

/** A waitlist entry as Go read it. */
interface EntryFacts {
  status: string;
  event_date: string;
  event_time: string;
  party_size: number;
  name: string;
  email: string;
  phone: string;
  source: string;
  offer_expires: string;
  offered_at: string;
}

/** A claim as Go read it, after the night's offer pass: the entry, its night's seats, the instant and the request. */
interface ClaimRequest {
  entry: EntryFacts;
  row: SeatsRow;
  now: string;
  request: RequestContext;
}

/**
 * A claim's decision: `claimed` (answer the reservation it made: a claim is taken once), a
 * refusal to answer, or the reservation to book from the entry's own fields with its jobs (the
 * public create's: the confirmation with its .ics and manage link, the conversion event). The
 * seats check counts the hold's own seats as its own.
 */
export function planClaimJson(text: string): string {
  const req = JSON.parse(text) as ClaimRequest;
  const w = req.entry;
  const refuse = (message: string, code?: string) => JSON.stringify({ refuse: failBody(409, message, code) });
  if (w.status === 'claimed') return JSON.stringify({ claimed: true });
  if (w.status === 'expired') return refuse(S.WAITLIST_MESSAGES.offerExpired);
  if (w.status === 'left') return refuse(S.WAITLIST_MESSAGES.left);
  if (w.status !== 'offered') return refuse(S.WAITLIST_MESSAGES.notOffered);
  if (w.event_date < S.venueNight(new Date(req.now))) return refuse(S.WAITLIST_MESSAGES.nightPassed);
  const refused = seatsShortfall(w.event_date, w.party_size, nightOf(req.row), w.party_size);
  if (refused) return refuse(refused.message, refused.code);
  const id = $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET);
  const fields = {
    party_size: w.party_size,
    name: w.name,
    email: w.email,
    phone: w.phone,
    event_date: w.event_date,
    event_time: w.event_time,
    event_name: S.BOARD_GAME_NIGHT,
    source: w.source || 'web',
    status: 'confirmed',
    cancel_token: Ids.randomToken(),
  };
  const jobs = plannedJobs('reservations', { id, email: w.email, event_source_url: '' }, req.request).map(jobRow);
  return JSON.stringify({ book: { id, fields, jobs } });
}

/** An entry with how many live entries are ahead of it (WAITLIST_POSITION_SQL), and whether its name shows. */
interface SummaryRequest {
  entry: EntryFacts;
  ahead: number;
  withName: boolean;
}

/**
 * What an entry's links show: no personal data but the
 * name, on the token's page. Its place in line is 0 once it is out of line.
 */
export function entrySummaryJson(text: string): string {
  const { entry: w, ahead, withName } = JSON.parse(text) as SummaryRequest;
  const out: Record<string, string | number> = {
    status: w.status,
    event_date: w.event_date,
    night: S.formatNight(w.event_date),
    party_size: w.party_size,
    event_time: w.event_time,
    position: isLiveWaitlistStatus(w.status) ? ahead + 1 : 0,
    offer_expires: w.offer_expires,
    offered_at: w.offered_at,
  };
  if (withName) out.name = w.name;
  return JSON.stringify(out);
}

/** The shapes a link's token and an entry's id must have to be looked up (RE2-compatible). */
export const TOKEN_PATTERN = S.CANCEL_TOKEN_PATTERN.source;
export const RECORD_ID_SOURCE = S.RECORD_ID_PATTERN.source;

/** The superusers' pass as of an instant (POST /api/waitlist/offers/run?at=): how `at` is written. */
const PASS_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The instant of the superusers' pass ({ at, now }): `at` when given (tests step past a hold's end
 * without waiting for it), else `now`; { error } (a 400's words) when `at` is no instant.
 */
export function passAtJson(text: string): string {
  const req = JSON.parse(text) as { at: string; now: string };
  if (!req.at) return JSON.stringify({ at: req.now });
  const at = new Date(req.at);
  if (!PASS_AT.test(req.at) || isNaN(at.getTime())) return JSON.stringify({ error: 'at must be an instant written YYYY-MM-DDTHH:MM:SS.sssZ.' });
  return JSON.stringify({ at: at.toISOString() });
}
