import { createContext, useContext } from 'react';
import { normaliseEvent, type VenueEvent } from './api';

/**
 * The weekly schedule as known when the site was built, so /meetups-groups arrives with it in its
 * HTML (link previews and search engines read it; a phone shows it before any script runs) instead
 * of "Loading the weekly schedule…". The prerenderer (scripts/prerender.mjs) reads it from the live
 * site's API when BUILD_EVENTS_URL is set, else from the seed's data file, and provides it
 * through this context; a page that used it carries it as a JSON data block, which the browser reads
 * back so hydration renders the same list. The live list replaces it as soon as it loads.
 */
export interface BuildSchedule {
  events: VenueEvent[];
  /** Called while rendering by a component that shows it: only those pages carry the data block. */
  markUsed: () => void;
}

export const BuildScheduleContext = createContext<BuildSchedule | null>(null);

/** The id of the prerendered page's data block. */
export const BUILD_SCHEDULE_ID = 'build-schedule';

let fromPage: VenueEvent[] | undefined;

/** The data block of the page the browser loaded, read once (empty where there is none). */
function readFromPage(): VenueEvent[] {
  if (fromPage) return fromPage;
  let parsed: unknown = [];
  try {
    parsed = JSON.parse(document.getElementById(BUILD_SCHEDULE_ID)?.textContent || '[]');
  } catch {
    parsed = [];
  }
  fromPage = (Array.isArray(parsed) ? parsed : []).map((raw) => normaliseEvent(raw as Record<string, unknown>)).filter((e): e is VenueEvent => e !== null);
  return fromPage;
}

/** The build-time weekly schedule: the prerenderer's while prerendering, the page's in the browser. */
export function useBuildSchedule(): VenueEvent[] {
  const prerendering = useContext(BuildScheduleContext);
  if (prerendering) {
    prerendering.markUsed();
    return prerendering.events;
  }
  return typeof document === 'undefined' ? [] : readFromPage();
}

/**
 * The weekly schedule the prerenderer builds into the pages, from event records (the seed's data
 * file, pb_migrations/seed/events.json, or a live server's list): the active weekly ones, in the
 * order the public API lists them (`sort_order`, then `date`). Record ids are replaced by positions:
 * a fresh server's are random, and the same schedule should build the same pages (the service
 * worker re-downloads a page whose bytes changed).
 */
export function weeklyScheduleOf(records: readonly object[]): VenueEvent[] {
  return records
    .map((record) => normaliseEvent(record as Record<string, unknown>))
    .filter((event): event is VenueEvent => event?.kind === 'weekly')
    .sort((a, b) => a.sort_order - b.sort_order || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((event, i) => ({ ...event, id: `build-${i}` }));
}
