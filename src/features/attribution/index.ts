/**
 * Marketing attribution (gclid with its capture time, valid 90 days, and utm_*): captured from
 * any landing URL into session storage, stored on submissions and appended to the thank-you route.
 * Its own small feature so the entry bundle can capture on every page without the forms.
 */
export { attributionFields, attributionQuery, captureAttribution, readAttribution } from './attribution';
