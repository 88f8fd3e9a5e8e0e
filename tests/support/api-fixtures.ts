/**
 * Shared setup for API tests: one PocketBase per test file with a real SMTP receiver and an
 * HTTP receiver standing in for Meta, SDK clients for the four callers, and valid bodies.
 */
import PocketBase, { type RecordModel } from 'pocketbase';
import { expect } from 'vitest';
import { startPocketBase, freePort, type StartedPocketBase, type StartOptions } from './pocketbase';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';
import { startHttpReceiver, type HttpReceiver } from './http-receiver';
import { addDays, formatLongDate, isoWeekday, venueNight } from '../../src/lib/venueTime';
import { GUESTS, INQUIRY_CHOICES, PASS_RECEIPT } from './fixtures';
import { newRecordId } from '../../src/lib/api/client';
import { perFile } from './perFile';
import { receiverInbox, signInStaff } from './staff-sign-in.mjs';

export const SUPERUSER = { email: 'root@example.test', password: 'root-password-123' };
export const STAFF_EMAIL = 'staff@example.test';
export const META = { pixel: '1234567890', token: 'test-token' };

export interface Venue {
  server: StartedPocketBase;
  smtp: SmtpReceiver | null;
  meta: HttpReceiver;
  /** Port the server sends mail to (also when the receiver isn't running yet). */
  smtpPort: number;
  anon: PocketBase;
  su: PocketBase;
  url: string;
  stop: () => Promise<void>;
  /** Sends all due outbox jobs now (superuser route). */
  flush: () => Promise<{ processed: number; sent: number; failed: number; skipped: number }>;
  /**
   * Sends what is due until no outbox job matching `filter` is pending (a job being sent stays
   * pending until its outcome is saved). Then every mail and conversion those jobs make has
   * arrived and no more will: a count taken after it is final, with no guessed wait.
   */
  settle: (filter?: string) => Promise<void>;
  /** Creates a users account and grants it the admin role with the console command; returns its record. */
  admin: (email: string, password?: string, owner?: boolean) => Promise<RecordModel>;
  /** Signs up a users account (optionally an admin) and returns a client signed in as it. */
  /** `owner`: an admin who is also an owner (admin:grant --owner). */
  user: (email: string, opts?: { admin?: boolean; owner?: boolean }) => Promise<PocketBase>;
  /** A new client signed in as `email`: an admin with the emailed code (needs the SMTP receiver). */
  signIn: (email: string, password?: string) => Promise<PocketBase>;
  /** Turns rate limiting off for loopback (the tests share one IP). */
  relaxRateLimits: () => Promise<void>;
}

export interface VenueOptions {
  /** false: no SMTP_HOST at all (mail jobs are skipped) */
  smtp?: boolean;
  /** false: start without a listening SMTP receiver (SMTP down) */
  smtpUp?: boolean;
  meta?: boolean;
  env?: Record<string, string>;
  /** Another server binary and working directory (tests/api/release-binary.test.ts). */
  server?: Pick<StartOptions, 'binary' | 'cwd'>;
}

export function client(url: string): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}

export async function startVenue(options: VenueOptions = {}): Promise<Venue> {
  const withSmtp = options.smtp !== false;
  const smtpPort = await freePort();
  const smtp = withSmtp && options.smtpUp !== false ? await startSmtpReceiver(smtpPort) : null;
  const meta = await startHttpReceiver();
  const env: Record<string, string> = {
    STAFF_EMAIL,
    MAIL_FROM: 'Tiny Cupboard Games <games@example.test>',
    OUTBOX_BACKOFF_SECONDS: '1',
    // A manage-link update mails at once unless a test asks for the wait (tests/api/outbox-identity.test.ts).
    UPDATE_MAIL_DELAY_SECONDS: '0',
    // Every test client is one loopback address; crowd tests open hundreds of requests at once.
    // tests/api/open-requests-per-ip.test.ts checks the cap (64 by default) with its own value.
    MAX_OPEN_REQUESTS_PER_IP: '2000',
    SMTP_HOST: '',
    META_PIXEL_ID: '',
    META_ACCESS_TOKEN: '',
    ...(withSmtp ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) } : {}),
    ...(options.meta !== false ? { META_PIXEL_ID: META.pixel, META_ACCESS_TOKEN: META.token, META_API_BASE: meta.url } : {}),
    ...options.env,
  };
  const server = await startPocketBase({ ...options.server, env });
  const up = await server.command(['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password]);
  if (up.code !== 0) throw new Error(`superuser upsert failed: ${up.stderr}${up.stdout}`);
  const su = client(server.url);
  await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);

  const venue: Venue = {
    server,
    smtp,
    meta,
    smtpPort,
    url: server.url,
    anon: client(server.url),
    su,
    stop: async () => {
      await server.stop();
      await smtp?.stop();
      await meta.stop();
    },
    flush: () => su.send('/api/outbox/flush', { method: 'POST' }),
    settle: async (filter) => {
      const pending = filter ? `(${filter}) && status = "pending"` : 'status = "pending"';
      const deadline = Date.now() + 20_000;
      for (;;) {
        await su.send('/api/outbox/flush', { method: 'POST' });
        if ((await su.collection('outbox').getList(1, 1, { filter: pending })).totalItems === 0) return;
        if (Date.now() > deadline) throw new Error(`outbox jobs still pending: ${pending}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    admin: async (email, password = 'password-123', owner = false) => {
      const record = await su.collection('users').create({ email, password, passwordConfirm: password });
      const res = await server.command(['admin:grant', email, ...(owner ? ['--owner'] : [])]);
      if (res.code !== 0) throw new Error(`admin:grant failed: ${res.stderr}${res.stdout}`);
      return record;
    },
    user: async (email, opts = {}) => {
      const admin = opts.admin || opts.owner;
      if (admin && !smtp) throw new Error('an admin signs in with a code sent by mail: start this venue with its SMTP receiver (smtp not false)');
      if (admin) await venue.admin(email, 'password-123', opts.owner);
      else await su.collection('users').create({ email, password: 'password-123', passwordConfirm: 'password-123' });
      return venue.signIn(email);
    },
    signIn: async (email, password = 'password-123') => {
      const pb = client(server.url);
      if (!smtp) {
        // Without a receiver there is no code to read: only accounts MFA does not cover sign in.
        await pb.collection('users').authWithPassword(email, password);
        return pb;
      }
      await signInStaff(pb, email, password, receiverInbox(smtp));
      return pb;
    },
    relaxRateLimits: async () => {
      await su.settings.update({ rateLimits: { excludedIPs: ['127.0.0.1'] } });
    },
  };
  return venue;
}

/**
 * One venue for a whole test file (tests/support/perFile.ts). `relaxed`: the file's tests all come
 * from one loopback IP, so loopback is exempt from the rate limits (the limits stay on;
 * tests/api/abuse.test.ts checks them on a server of its own).
 */
export function venuePerFile(options: VenueOptions & { relaxed?: boolean } = {}): Venue {
  return perFile(
    async () => {
      const venue = await startVenue(options);
      if (options.relaxed) await venue.relaxRateLimits();
      return venue;
    },
    (venue) => venue.stop(),
  );
}

/**
 * A venue date `days` from today, where today is the venue night (venueNight: until 4:00 the
 * night before is still tonight), as the server counts it: between midnight and 4 AM in New York
 * the calendar's yesterday is still bookable, and its today is tomorrow night.
 */
export function dayFromToday(days: number): string {
  return addDays(venueNight(), days);
}

/** The first venue date at least `minDays` from today that falls on ISO `weekday` (1 = Monday). */
export function nextWeekday(weekday: number, minDays = 1): string {
  let date = dayFromToday(minDays);
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  return date;
}

export function boardGameBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: newRecordId(),
    ...GUESTS.ada,
    party_size: 4,
    event_name: 'Board Game Night',
    event_date: dayFromToday(10),
    event_time: '7:30 PM',
    source: 'web',
    event_source_url: 'https://tinycupboard.example/board-game-night',
    ...overrides,
  };
}

export function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: newRecordId(),
    ...GUESTS.grace,
    // a weekly entry of the seeded schedule (Wednesdays at 6pm)
    event_name: 'Magic Commander Night',
    event_date: nextWeekday(3, 3),
    event_time: '6pm',
    party_size: 5,
    source: 'event',
    ...overrides,
  };
}

export function inquiryBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: newRecordId(),
    ...GUESTS.katherine,
    ...INQUIRY_CHOICES,
    preferred_date: dayFromToday(30),
    preferred_time: '8pm',
    message: 'A 30th birthday with board games and cake, if we can bring one.',
    event_source_url: 'https://tinycupboard.example/private-events',
    ...overrides,
  };
}

export function influencerBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: newRecordId(),
    ...GUESTS.hedy,
    message: 'I post weekly board game reels to 20k followers in Brooklyn.',
    ...overrides,
  };
}

export function passBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: newRecordId(),
    ...PASS_RECEIPT,
    date: formatLongDate(dayFromToday(5)),
    ...overrides,
  };
}

/** Status, headers and body of a raw answer; the body as JSON when it is JSON. */
async function readResponse(res: Response) {
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Raw fetch (for status codes and headers the SDK hides). */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return readResponse(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));
}

export async function get(url: string, headers: Record<string, string> = {}) {
  return readResponse(await fetch(url, { headers }));
}

/**
 * Posts `body` to `collection` and checks the refusal every create shares: 400 with `message` on
 * `field` and as the answer's message, nothing stored, nothing queued. Returns the answer.
 */
export async function expectRefused(v: Venue, collection: string, body: unknown, field: string, message: string) {
  const count = async (name: string) => (await v.su.collection(name).getList(1, 1)).totalItems;
  const before = await count(collection);
  const outboxBefore = await count('outbox');
  const res = await post(`${v.url}/api/collections/${collection}/records`, body);
  expect(res.status).toBe(400);
  expect(res.json.data[field]).toEqual({ code: 'validation_invalid_value', message });
  expect(res.json.message).toBe(message);
  expect(await count(collection)).toBe(before);
  expect(await count('outbox')).toBe(outboxBefore);
  return res;
}
