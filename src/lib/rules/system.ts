/**
 * The System view and the mail banner (issue 32 item 5), shared by the staff app and the hooks:
 * what each mail is called, how often the banner asks, and the refusals of the job routes.
 */

/** What each outbox template is, in the words of the System view and the activity log. */
export const OUTBOX_TEMPLATE_LABELS: Record<string, string> = {
  reservation_confirmation: 'Booking confirmation',
  reservation_cancelled: 'Cancellation notice',
  reservation_updated: 'Booking change',
  reservation_reminder: 'Reminder',
  inquiry_ack: 'Request received',
  inquiry_staff: 'New request (to staff)',
  influencer_ack: 'Application received',
  influencer_staff: 'New application (to staff)',
  pass_confirmation: 'Pass receipt',
  waitlist_joined: 'Waitlist joined',
  waitlist_offer: 'Waitlist seat offer',
  waitlist_expired: 'Waitlist offer expired',
  staff_sign_in_code: 'Staff sign-in code',
  system_test_mail: 'Test mail',
  meta_lead: 'Meta conversion (lead)',
};

export const outboxTemplateLabel = (template: string): string =>
  OUTBOX_TEMPLATE_LABELS[template.split(':')[0] ?? ''] ?? template.replace(/_/g, ' ');

/** The banner asks the server this often (only while online and the screen is visible): a failed mail shows within 60 s. */
export const MAIL_HEALTH_POLL_MS = 30_000;

export const SYSTEM_MESSAGES = {
  ownerOnly: 'Only the owner can retry, drop or test mail.',
  noSuchJob: 'No outbox job has that id.',
  retryOnlyFailed: 'Only a failed or dropped job can be retried.',
  dropOnlyUnsent: 'Only a failed or waiting job can be dropped.',
  beingSent: 'This job is being sent right now: wait for its outcome, then try again.',
  testMailNeedsAccount: 'Sign in with your staff account to send yourself a test mail.',
} as const;
