import { createContext, useContext } from 'react';
import { normaliseEvent, type VenueEvent } from './api';

/**
 * The weekly schedule as known when the site was built, so /meetups-groups arrives with it in its
 * HTML (link previews and search engines read it; a phone shows it before any script runs) instead
 * of "Loading the weekly schedule…". The prerenderer (scripts/prerender.mjs) reads it from the live
 * site's API when BUILD_EVENTS_URL is set, else from a fresh server's seeded data, and provides it
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

/** The weekly entries of an events list, for the prerenderer. */
export function weeklyOnly(events: VenueEvent[]): VenueEvent[] {
  return events.filter((event) => event.kind === 'weekly');
}
