/**
 * The test guests and the values they send, shared by unit, API and end-to-end tests, so a
 * change of a rule or a form is made here once rather than in every file that fills a form.
 * (api-fixtures.ts builds request bodies from these, with fresh ids and dates.)
 */
export const GUESTS = {
  /** Board game night. */
  ada: { name: 'Ada Lovelace', email: 'ada@example.test', phone: '(347) 555-0100' },
  /** Event reservations. */
  grace: { name: 'Grace Hopper', email: 'grace@example.test' },
  /** Private event inquiries. */
  katherine: { name: 'Katherine Johnson', email: 'katherine@example.test', phone: '(718) 555-0199' },
  /** Influencer applications. */
  hedy: { name: 'Hedy Lamarr', email: 'hedy@example.test' },
  /** Monthly pass confirmations. */
  alan: { name: 'Alan Turing', email: 'alan@example.test' },
} as const;

/** The inquiry's choices (a birthday for 25, $1,000 – $2,500). */
export const INQUIRY_CHOICES = { event_type: 'birthday', number_of_people: 25, budget: '1000-2500' } as const;

/** A monthly pass receipt as the confirmation page reads it: 2 people, $40 + $3.55 tax. */
export const PASS_RECEIPT = {
  ...GUESTS.alan,
  date: 'Saturday, December 5, 2026',
  time: '7:00 PM',
  people: 2,
  cost: 40,
  tax: 3.55,
  total: 43.55,
};

/**
 * The booking part of a reservation as the staff dashboard lists it: Ada's board game night for
 * two, confirmed, booked on the website. A test adds the id, guest and timestamps it needs.
 */
export const DASHBOARD_BOOKING = {
  phone: '',
  event_name: 'Board Game Night',
  event_date: '2026-11-27',
  event_time: '7:00 PM',
  party_size: 2,
  source: 'web',
  status: 'confirmed',
} as const;

/**
 * Numbered stand-ins for stored records in unit tests: the nth has the id `<prefix>` + n padded to
 * PocketBase's 15 characters, and a creation time n seconds past a fixed minute (so order by
 * creation is order of making).
 */
export function recordCounter(prefix: string): () => { n: number; id: string; created: string } {
  let n = 0;
  return () => {
    n += 1;
    return { n, id: `${prefix}${String(n).padStart(14, '0')}`, created: `2026-11-20 10:00:${String(n % 60).padStart(2, '0')}.000Z` };
  };
}
