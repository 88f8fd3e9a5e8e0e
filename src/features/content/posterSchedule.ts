/**
 * The week on the game nights poster: the weekly events staff keep in the events collection,
 * plus Friday and Saturday trivia (venue.ts), grouped by day. Days without an event say
 * "Open tables", because the bar is open every night.
 */
import { venue } from '../../content/venue';
import { WEEKDAY_NAMES } from '../../lib/venueTime';

export interface WeeklyRecord {
  weekday: number;
  title: string;
  time?: string;
  price?: string;
  open_tables?: boolean;
  active?: boolean;
  sort_order?: number;
}

export interface PosterDay {
  day: string;
  items: { title: string; time: string; price: string }[];
}

/** 'Mon' … 'Sun', in ISO weekday order. */
const DAYS = WEEKDAY_NAMES.map((day) => day.slice(0, 3));

/** Trivia runs Friday (movies) and Saturday (music), SPEC §2 and §9. */
export const TRIVIA_NIGHTS: WeeklyRecord[] = [
  { weekday: 5, title: 'Movie Trivia', time: venue.trivia.start },
  { weekday: 6, title: 'Music Trivia', time: venue.trivia.start },
];

export function weeklyEventsUrl(): string {
  const params = new URLSearchParams({
    filter: "kind = 'weekly' && active = true && open_tables = false",
    sort: 'weekday,sort_order',
    perPage: '50',
    skipTotal: '1',
  });
  return `/api/collections/events/records?${params.toString()}`;
}

export function buildPosterWeek(records: readonly WeeklyRecord[]): PosterDay[] {
  const events = [...records.filter((r) => !r.open_tables && r.active !== false), ...TRIVIA_NIGHTS];
  return DAYS.map((day, index) => {
    const items = events
      .filter((event) => event.weekday === index + 1)
      .map((event) => ({ title: event.title, time: event.time ?? '', price: event.price ?? '' }));
    return { day, items: items.length ? items : [{ title: 'Open tables', time: '', price: '' }] };
  });
}
