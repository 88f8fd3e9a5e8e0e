/**
 * Marketing attribution (SPEC §3): the Google Ads click id with the time it was captured
 * (valid 90 days) and the five utm_* values, taken from whatever URL the guest lands on and
 * kept in session storage. They are stored on each reservation and appended to the
 * /reservation-thank-you route (where the ad platforms' conversion tags read them).
 */

import { clipAttribution, GCLID_CAPTURED_AT_KEY, GCLID_KEY, UTM_KEYS } from '../../lib/rules/attribution';

export { GCLID_CAPTURED_AT_KEY, GCLID_KEY, UTM_KEYS, type UtmKey } from '../../lib/rules/attribution';

export const GCLID_TTL_DAYS = 90;
const GCLID_TTL_MS = GCLID_TTL_DAYS * 24 * 60 * 60 * 1000;

export interface Attribution {
  gclid?: string;
  /** ISO 8601 time the gclid was captured. */
  gclid_captured_at?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked
  }
}

/**
 * Reads gclid and utm_* from a landing URL into session storage. A new gclid replaces the old
 * one (with a fresh capture time). Any utm_* parameter on the URL starts a new campaign touch:
 * all five are replaced together so values from two campaigns never mix.
 */
export function captureAttribution(href?: string, now: Date = new Date()): void {
  const store = storage();
  if (!store) return;
  let params: URLSearchParams;
  try {
    params = new URL(href ?? window.location.href).searchParams;
  } catch {
    return;
  }
  try {
    const gclid = clipAttribution(GCLID_KEY, params.get(GCLID_KEY));
    if (gclid) {
      store.setItem(GCLID_KEY, gclid);
      store.setItem(GCLID_CAPTURED_AT_KEY, now.toISOString());
    }
    if (UTM_KEYS.some((key) => clipAttribution(key, params.get(key)))) {
      for (const key of UTM_KEYS) {
        const value = clipAttribution(key, params.get(key));
        if (value) store.setItem(key, value);
        else store.removeItem(key);
      }
    }
  } catch {
    // quota or blocked storage: attribution is best effort
  }
}

/** The stored values; a gclid older than 90 days (or with an unreadable time) is dropped. */
export function readAttribution(now: Date = new Date()): Attribution {
  const store = storage();
  if (!store) return {};
  const result: Attribution = {};
  try {
    const gclid = store.getItem(GCLID_KEY);
    const capturedAt = store.getItem(GCLID_CAPTURED_AT_KEY);
    if (gclid && capturedAt) {
      const captured = Date.parse(capturedAt);
      const age = now.getTime() - captured;
      if (Number.isFinite(captured) && age >= 0 && age <= GCLID_TTL_MS) {
        result.gclid = gclid;
        result.gclid_captured_at = new Date(captured).toISOString();
      } else {
        store.removeItem(GCLID_KEY);
        store.removeItem(GCLID_CAPTURED_AT_KEY);
      }
    }
    for (const key of UTM_KEYS) {
      const value = store.getItem(key);
      if (value) result[key] = value;
    }
  } catch {
    return result;
  }
  return result;
}

/** The tracking parameters to append to /reservation-thank-you (gclid and utm_*). */
export function attributionQuery(now: Date = new Date()): Array<[string, string]> {
  const a = readAttribution(now);
  const pairs: Array<[string, string]> = [];
  if (a.gclid) pairs.push(['gclid', a.gclid]);
  for (const key of UTM_KEYS) {
    const value = a[key];
    if (value) pairs.push([key, value]);
  }
  return pairs;
}

/** The attribution fields of a reservation record, plus the page it was made on. */
export function attributionFields(now: Date = new Date()): Attribution & { event_source_url?: string } {
  const fields: Attribution & { event_source_url?: string } = { ...readAttribution(now) };
  if (typeof window !== 'undefined') fields.event_source_url = window.location.href.slice(0, 2000);
  return fields;
}
