/**
 * The monthly pass receipt (/thank-you): reads the query the checkout sends (date, time,
 * people, cost, tax, email, name), turns it into what the page shows, and decides whether the
 * values are complete and well-formed enough to record a pass confirmation (which mails the
 * guest a copy). Missing or malformed values never reach the screen as NaN or undefined: each
 * shown value is either well-formed or left out.
 *
 * Money is handled in whole cents so the total is exactly cost + tax.
 */
import { EMAIL_PATTERN, LIMITS } from '../../lib/rules/limits';
import type { PassConfirmationBody } from '../../lib/rules/validate';
import { passConfirmationSchema } from '../../lib/rules/schemas';
import { formatLongDate, isIsoDate } from '../../lib/venueTime';

export const PASS_QUERY_KEYS = ['date', 'time', 'people', 'cost', 'tax', 'email', 'name'] as const;
export type PassQueryKey = (typeof PASS_QUERY_KEYS)[number];

export type { PassConfirmationBody };

export interface PassReceipt {
  name: string | null;
  email: string | null;
  /** As shown and stored: a yyyy-MM-dd date becomes 'Saturday, December 5, 2026'. */
  date: string | null;
  time: string | null;
  people: number | null;
  costCents: number | null;
  /** 0 when the query has no tax; null when it has one that cannot be read. */
  taxCents: number | null;
  /** cost + tax, when both are known. */
  totalCents: number | null;
  /** Fields that are missing or malformed (in query order). */
  problems: PassQueryKey[];
  /** Set only when every value is present and well-formed: the confirmation to record. */
  confirmation: PassConfirmationBody | null;
}

/** Trims, drops control characters and collapses runs of whitespace. */
export function cleanText(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
}

type Parsed<T> = { state: 'absent' } | { state: 'invalid' } | { state: 'ok'; value: T };

const MONEY = /^\$?\s*(\d{1,7})(?:\.(\d+))?$/;

/**
 * Dollars written '40', '40.5', '40.50' or '$40.00' → whole cents (half-up on the third
 * decimal). Anything else ('abc', '-5', '1e3', 'NaN', 'Infinity', '') is not a price.
 */
export function parseDollars(raw: string | null | undefined): Parsed<number> {
  const text = cleanText(raw).replace(/,/g, '');
  if (text === '') return { state: 'absent' };
  const m = MONEY.exec(text);
  if (!m) return { state: 'invalid' };
  const whole = Number(m[1]);
  const frac = (m[2] ?? '').padEnd(3, '0');
  const cents = whole * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return { state: 'ok', value: cents };
}

/** Whole people between the party-size limits (1 to 20). */
export function parsePeople(raw: string | null | undefined): Parsed<number> {
  const text = cleanText(raw);
  if (text === '') return { state: 'absent' };
  if (!/^\d{1,3}$/.test(text)) return { state: 'invalid' };
  const n = Number(text);
  if (n < LIMITS.partySizeMin || n > LIMITS.partySizeMax) return { state: 'invalid' };
  return { state: 'ok', value: n };
}

function parseText(raw: string | null | undefined, max: number): Parsed<string> {
  const text = cleanText(raw);
  if (text === '') return { state: 'absent' };
  if (text.length > max) return { state: 'invalid' };
  return { state: 'ok', value: text };
}

function parseEmail(raw: string | null | undefined): Parsed<string> {
  const text = cleanText(raw);
  if (text === '') return { state: 'absent' };
  if (!EMAIL_PATTERN.test(text) || text.length > LIMITS.emailMax) return { state: 'invalid' };
  return { state: 'ok', value: text };
}

function parseDate(raw: string | null | undefined): Parsed<string> {
  const text = cleanText(raw);
  if (text === '') return { state: 'absent' };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isIsoDate(text) ? { state: 'ok', value: formatLongDate(text) } : { state: 'invalid' };
  if (text.length > LIMITS.passTextMax) return { state: 'invalid' };
  // Text that isn't a date at all ('undefined', 'NaN', digits only) is not shown.
  if (!/[a-z]/i.test(text) || /^(undefined|null|nan|invalid date)$/i.test(text)) return { state: 'invalid' };
  return { state: 'ok', value: text };
}

function parseTime(raw: string | null | undefined): Parsed<string> {
  const parsed = parseText(raw, LIMITS.passTextMax);
  if (parsed.state === 'ok' && /^(undefined|null|nan)$/i.test(parsed.value)) return { state: 'invalid' };
  return parsed;
}

const value = <T>(p: Parsed<T>): T | null => (p.state === 'ok' ? p.value : null);

/** Reads the receipt from a query string ('?date=…' or 'date=…') or URLSearchParams. */
export function readPassReceipt(query: string | URLSearchParams): PassReceipt {
  const params = typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
  const get = (key: PassQueryKey) => params.get(key);

  const parsed = {
    date: parseDate(get('date')),
    time: parseTime(get('time')),
    people: parsePeople(get('people')),
    cost: parseDollars(get('cost')),
    tax: parseDollars(get('tax')),
    email: parseEmail(get('email')),
    name: parseText(get('name'), LIMITS.nameMax),
  };
  // No tax in the query means no tax; a tax that cannot be read is a problem.
  const taxCents = parsed.tax.state === 'absent' ? 0 : value(parsed.tax);
  const costCents = value(parsed.cost);
  const totalCents = costCents !== null && taxCents !== null ? costCents + taxCents : null;

  const problems = PASS_QUERY_KEYS.filter((key) => {
    if (key === 'tax') return parsed.tax.state === 'invalid';
    return parsed[key].state !== 'ok';
  });

  const receipt: PassReceipt = {
    name: value(parsed.name),
    email: value(parsed.email),
    date: value(parsed.date),
    time: value(parsed.time),
    people: value(parsed.people),
    costCents,
    taxCents,
    totalCents,
    problems,
    confirmation: null,
  };

  if (
    problems.length === 0 &&
    receipt.name !== null &&
    receipt.email !== null &&
    receipt.date !== null &&
    receipt.time !== null &&
    receipt.people !== null &&
    costCents !== null &&
    taxCents !== null &&
    totalCents !== null
  ) {
    const body: PassConfirmationBody = {
      name: receipt.name,
      email: receipt.email,
      date: receipt.date,
      time: receipt.time,
      people: receipt.people,
      cost: costCents / 100,
      tax: taxCents / 100,
      total: totalCents / 100,
    };
    // The server's own rules, as a last check: never send what it would refuse.
    if (passConfirmationSchema.safeParse(body).success) receipt.confirmation = body;
  }
  return receipt;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 4355 → '$43.55'; 123400 → '$1,234.00'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** '1 person', '2 people'. */
export function peopleLabel(people: number): string {
  return `${people} ${people === 1 ? 'person' : 'people'}`;
}

/** The receipt's pass line: 'Monthly Pass · 2 people', or 'Monthly Pass' without a count. */
export function passLine(people: number | null): string {
  return people === null ? 'Monthly Pass' : `Monthly Pass · ${peopleLabel(people)}`;
}
