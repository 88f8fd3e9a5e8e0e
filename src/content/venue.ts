/**
 * The venue's facts, in one place. Every page, the footer, the structured data and the
 * mail templates read from here; no page repeats an address, an hour or a price.
 */
export const venue = {
  name: 'Tiny Cupboard Games',
  shortName: 'Tiny Cupboard',
  tagline: 'The only comedy club in the world with a board game bar is in Brooklyn.',
  owner: {
    name: 'The Tiny Cupboard Comedy Club',
    url: 'https://thetinycupboard.com',
    calendarUrl: 'https://thetinycupboard.com/calendar',
  },
  address: {
    street: '10 Cooper Street',
    locality: 'Brooklyn',
    region: 'NY',
    postalCode: '11207',
    country: 'US',
    oneLine: '10 Cooper Street, Brooklyn, NY 11207',
    entranceNote: 'Enter through the comedy club entrance on Cooper Street.',
    mapsUrl: 'https://maps.google.com/?q=10+Cooper+Street,+Brooklyn,+NY+11207',
    geo: { latitude: 40.6893, longitude: -73.9066 },
  },
  hours: {
    summary: 'Open every evening, 6pm to midnight or later',
    opens: '18:00',
    closes: '00:00',
    checkMapsNote: 'Hours can change on holidays: check Google Maps before you head over.',
  },
  ageRule: '21+ only',
  contact: {
    email: 'games@thetinycupboard.com',
    eventsEmail: 'events@thetinycupboard.com',
    collabEmail: 'collabs@thetinycupboard.com',
    hostingText: '(347) 555-0142',
  },
  community: {
    groupChatUrl: 'https://chat.whatsapp.com/TinyCupboardGameNights',
    audienceClaim: '100k+',
  },
  games: {
    boardGameCount: '500+',
    outdoor: ['ping pong', 'mini golf', 'corn hole', 'giant Jenga', 'giant Connect 4'],
    extras: ['adult coloring books', 'building bricks', 'video games on a big screen'],
  },
  pricing: {
    entry: 'Free entry',
    supportTheBar: 'Support the bar: buy at least one item from the bar or kitchen each visit.',
    barMinimum: '$10 per person on food or drink, or a $10 game fee. No cover charge.',
    barMinimumDollars: 10,
    magicDraft: '$25 at the door',
    commanderNight: '$10 at the door',
    comparableCafe: 'about $15 per person for two hours at a typical board game café',
    totalCostText: 'Free Entry — Just Support the Bar!',
  },
  privateEvents: { maxGuests: 60, replyPromise: 'within 24 hours' },
  influencer: { replyPromise: 'within a few days' },
  monthlyPass: { validDays: 30, promoCode: 'gamenight', promoDiscount: '10% off comedy tickets' },
  trivia: {
    days: 'Friday and Saturday',
    start: '10PM',
    end: '11:30PM to midnight',
    teamSize: '2 to 6 people',
    arriveBy: '9:45PM',
  },
} as const;

export type Venue = typeof venue;
