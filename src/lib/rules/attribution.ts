/**
 * Marketing attribution fields and their limits, in a module of their own: every page captures
 * attribution on its first load, and limits.ts (all the messages) should not ride along.
 * limits.ts re-exports all of this and carries the limits in LIMITS too.
 */
export const ATTRIBUTION_MAX = 255;
export const ATTRIBUTION_TIME_MAX = 64;

/**
 * Marketing attribution (SPEC §3) stored on reservations and inquiries: the Google Ads click id,
 * when it was captured, and the five utm_* values.
 */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export const GCLID_KEY = 'gclid';
export const GCLID_CAPTURED_AT_KEY = 'gclid_captured_at';
export const ATTRIBUTION_KEYS = [GCLID_KEY, GCLID_CAPTURED_AT_KEY, ...UTM_KEYS] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** Longest stored value per attribution field. */
export function attributionMax(key: AttributionKey): number {
  return key === GCLID_CAPTURED_AT_KEY ? ATTRIBUTION_TIME_MAX : ATTRIBUTION_MAX;
}

/** An attribution value as stored: trimmed text cut to its field's limit ('' for anything else). */
export function clipAttribution(key: AttributionKey, value: unknown): string {
  return (typeof value === 'string' ? value : '').trim().slice(0, attributionMax(key));
}
