/**
 * The outbox's mails, rendered when a job is sent (not when a guest's request queues it). The Go
 * outbox (server/outbox) loads this bundle (pb_hooks/lib/outbox-mail.js, built by
 * scripts/build-rules.mjs) into one goja runtime and calls renderOutboxMailJson once per mail job
 * with plain data: the job, its record's stored fields (hidden ones too), and the answers of the
 * look-ups a mail needs (the waitlist position, whether the sign-in code is still valid). A job
 * whose record is gone, or whose mail a later change has superseded, renders null.
 */
import { venue } from '../../src/content/venue';
import { parseMailFrom, passConfirmationMail, inquiryAckMail, inquiryStaffMail, influencerAckMail, influencerStaffMail } from '../rules/mail';
import { reservationConfirmationMail, reservationCancelledMail, type RenderedMail } from '../rules/mail';
import { reservationReminderMail, reservationUpdatedMail } from '../rules/mailReminder';
import { waitlistExpiredMail, waitlistJoinedMail, waitlistOfferMail } from '../rules/mailWaitlist';
import { STAFF_AUTH } from '../../src/lib/rules/staffAuth';
import { staffCodeMail } from '../rules/mailStaffCode';
import { systemTestMail } from '../rules/mailSystem';
import { staffInviteMail, staffResetMail } from '../rules/mailStaffAccount';
import { STAFF_ACCOUNTS } from '../../src/lib/rules/staffAccounts';
import { isLiveWaitlistStatus } from './waitlist-position';

export { WAITLIST_POSITION_SQL } from './waitlist-position';

/** A record's stored fields, as Go reads them (numbers as numbers, datetimes as text). */
export type Fields = Record<string, unknown>;

export interface RenderInput {
  template: string;
  /** the job's stored payload (parsed JSON) */
  payload: Record<string, unknown>;
  /** the job's record, or null when it no longer exists */
  record: Fields | null;
  /** SITE_URL without a trailing slash */
  siteUrl: string;
  /** MAIL_FROM as configured ('' when unset) */
  mailFromEnv: string;
  /** PocketBase's sender settings (meta.senderAddress / senderName) */
  sender: { address: string; name: string };
  /** waitlist_joined: entries ahead of this one in line (Go runs WAITLIST_POSITION_SQL) */
  ahead?: number;
  /** staff_sign_in_code: the payload's OTP still exists and has not expired */
  otpValid?: boolean;
}

export interface RenderOutput {
  /** the mail to send, or null when there is nothing to send */
  mail: RenderedMail | null;
  /** who sends it: MAIL_FROM, else PocketBase's sender settings, else the venue */
  from: { address: string; name: string };
}

/** The sender: MAIL_FROM ("Name <address>" or an address), else the settings, else the venue. */
export function mailFrom(input: Pick<RenderInput, 'mailFromEnv' | 'sender'>): RenderOutput['from'] {
  if (input.mailFromEnv) {
    const parsed = parseMailFrom(input.mailFromEnv);
    return { address: parsed.address, name: parsed.name || venue.name };
  }
  return { address: input.sender.address || venue.contact.email, name: input.sender.name || venue.name };
}

const str = (r: Fields, key: string) => (typeof r[key] === 'string' ? (r[key] as string) : r[key] == null ? '' : String(r[key]));
const num = (r: Fields, key: string) => (typeof r[key] === 'number' ? (r[key] as number) : Number(r[key]) || 0);

/** A reservation's mail fields; its invitation's ORGANIZER is the mail's sender. */
function reservationFields(r: Fields, input: RenderInput) {
  const from = mailFrom(input);
  return {
    id: str(r, 'id'),
    name: str(r, 'name'),
    email: str(r, 'email'),
    event_name: str(r, 'event_name'),
    event_date: str(r, 'event_date'),
    event_time: str(r, 'event_time'),
    party_size: num(r, 'party_size'),
    sequence: num(r, 'ics_sequence'),
    cancelUrl: `${input.siteUrl}/cancel/${str(r, 'cancel_token')}`,
    organizer: { name: from.name, email: from.address },
  };
}

function inquiryFields(r: Fields) {
  return {
    id: str(r, 'id'),
    name: str(r, 'name'),
    email: str(r, 'email'),
    phone: str(r, 'phone'),
    event_type: str(r, 'event_type'),
    number_of_people: num(r, 'number_of_people') || undefined,
    budget: str(r, 'budget'),
    preferred_date: str(r, 'preferred_date'),
    preferred_time: str(r, 'preferred_time'),
    message: str(r, 'message'),
  };
}

const applicationFields = (r: Fields) => ({ id: str(r, 'id'), name: str(r, 'name'), email: str(r, 'email'), message: str(r, 'message') });

function waitlistFields(r: Fields, input: RenderInput) {
  const page = `${input.siteUrl}/waitlist/${str(r, 'token')}`;
  return { name: str(r, 'name'), event_date: str(r, 'event_date'), event_time: str(r, 'event_time'), party_size: num(r, 'party_size'), pageUrl: page, leaveUrl: `${page}?leave=1` };
}

type Renderer = (r: Fields, input: RenderInput) => RenderedMail | null;

/** Per mail template: the mail rendered from its record (and the job's payload); null: nothing to send. */
const RENDERERS: Record<string, Renderer> = {
  reservation_confirmation: (r, i) => reservationConfirmationMail(reservationFields(r, i)),
  // Only while it stays cancelled: staff may restore a reservation before its cancellation went out.
  reservation_cancelled: (r, i) => (str(r, 'status') === 'cancelled' ? reservationCancelledMail(reservationFields(r, i)) : null),
  // One job per burst of changes (server/reservationmails.go folds changes into the waiting job, whose payload
  // carries the latest SEQUENCE): a later change or the cancellation supersedes a job not yet sent.
  reservation_updated: (r, i) =>
    str(r, 'status') === 'cancelled' || num(i.payload, 'sequence') < num(r, 'ics_sequence') ? null : reservationUpdatedMail(reservationFields(r, i)),
  // Only while the reservation still stands.
  reservation_reminder: (r, i) => (str(r, 'status') === 'confirmed' ? reservationReminderMail(reservationFields(r, i)) : null),
  inquiry_staff: (r) => inquiryStaffMail(inquiryFields(r)),
  inquiry_ack: (r) => inquiryAckMail(inquiryFields(r)),
  influencer_staff: (r) => influencerStaffMail(applicationFields(r)),
  influencer_ack: (r) => influencerAckMail(applicationFields(r)),
  pass_confirmation: (r) =>
    passConfirmationMail({
      id: str(r, 'id'),
      name: str(r, 'name'),
      email: str(r, 'email'),
      date: str(r, 'date'),
      time: str(r, 'time'),
      people: num(r, 'people'),
      cost: num(r, 'cost'),
      tax: num(r, 'tax'),
      total: num(r, 'total'),
    }),
  // The code is in the payload (the OTP record holds only its hash); a used or expired code: nothing.
  staff_sign_in_code: (r, i) =>
    i.payload.otpId && i.payload.code && i.otpValid
      ? staffCodeMail({ email: str(r, 'email'), code: String(i.payload.code), minutes: Math.round(STAFF_AUTH.codeSeconds / 60) })
      : null,
  // The link's token is in the payload (the account or invitation holds none, or only its hash).
  staff_password_reset: (r, i) =>
    typeof i.payload.token === 'string' && i.payload.token
      ? staffResetMail({ email: str(r, 'email'), url: `${i.siteUrl}/admin/reset-password?token=${encodeURIComponent(i.payload.token)}`, minutes: STAFF_ACCOUNTS.resetLinkSeconds / 60 })
      : null,
  // A cancelled or replaced invitation has no row any more: nothing to send.
  staff_invite: (r, i) =>
    typeof i.payload.token === 'string' && i.payload.token
      ? staffInviteMail({
          email: str(r, 'email'),
          url: `${i.siteUrl}/admin/accept-invite?token=${encodeURIComponent(i.payload.token)}`,
          hours: STAFF_ACCOUNTS.inviteHours,
          invitedBy: str(r, 'invited_by'),
        })
      : null,
  // Out of line before the mail went (left, or already claimed): nothing to say about the line.
  waitlist_joined: (r, i) => (isLiveWaitlistStatus(str(r, 'status')) ? waitlistJoinedMail({ ...waitlistFields(r, i), position: (i.ahead ?? 0) + 1 }) : null),
  waitlist_offer: (r, i) => waitlistOfferMail({ ...waitlistFields(r, i), offerExpires: str(r, 'offer_expires'), offeredAt: str(r, 'offered_at') }),
  waitlist_expired: (r, i) => waitlistExpiredMail(waitlistFields(r, i)),
  // The owner's test mail (the System view), to the address of the account that asked.
  system_test_mail: (r) => systemTestMail({ email: str(r, 'email') }),
};

/** The template a job names (jobs queued before job_key carried it as a suffix: 'reservation_updated:3'). */
export const baseTemplate = (template: string) => template.split(':')[0] ?? '';

/** The mail of a job: as stored by an older version (its payload has a subject), or rendered now. */
export function renderOutboxMail(input: RenderInput): RenderOutput {
  const from = mailFrom(input);
  if (typeof input.payload.subject === 'string' && input.payload.subject) return { mail: input.payload as unknown as RenderedMail, from };
  const render = RENDERERS[baseTemplate(input.template)];
  if (!render || !input.record) return { mail: null, from };
  return { mail: render(input.record, input), from };
}

/** What Go calls: JSON in, JSON out (plain strings cross goja without conversions). */
export function renderOutboxMailJson(json: string): string {
  return JSON.stringify(renderOutboxMail(JSON.parse(json) as RenderInput));
}
