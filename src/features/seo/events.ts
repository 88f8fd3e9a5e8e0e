/**
 * Event structured data for the upcoming special events. The events live in PocketBase (staff
 * edit them), so they are read at run time on the events page, never baked into the build.
 */
import { venueToday } from '../../lib/venueTime';
import type { JsonLd } from '../../lib/seo';
import { eventJsonLd, type EventInput } from './jsonLd';

interface EventRecord extends EventInput {
  kind?: string;
  active?: boolean;
}

/** The query for active special events from today on, soonest first. */
export function upcomingEventsUrl(today: string = venueToday(), limit = 20): string {
  const filter = `kind = 'special' && active = true && date >= '${today}'`;
  const params = new URLSearchParams({ filter, sort: 'date,time', perPage: String(limit), skipTotal: '1' });
  return `/api/collections/events/records?${params.toString()}`;
}

/** Event JSON-LD for the records, skipping any whose date or time can't be read. */
export function eventsJsonLd(records: readonly EventRecord[], siteUrl: string): JsonLd[] {
  return records.flatMap((record) => {
    const data = eventJsonLd(record, siteUrl);
    return data ? [data] : [];
  });
}

/** Fetches the upcoming special events; an error or an offline moment yields none. */
export async function loadUpcomingEventsJsonLd(siteUrl: string, signal?: AbortSignal): Promise<JsonLd[]> {
  try {
    const response = await fetch(upcomingEventsUrl(), { signal, headers: { Accept: 'application/json' } });
    if (!response.ok) return [];
    const body = (await response.json()) as { items?: EventRecord[] };
    return eventsJsonLd(body.items ?? [], siteUrl);
  } catch {
    return [];
  }
}
