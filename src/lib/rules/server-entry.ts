/**
 * Entry of pb_hooks/lib/shared.js (built by scripts/build-rules.mjs): everything the
 * PocketBase hooks share with the browser, without zod (the server validators are plain code).
 */
export * from './limits';
export * from './validate';
export * from './mail';
export * from './ics';
export * from './staff';
export * from '../venueTime';
export { venue } from '../../content/venue';
export * from './csv';
export * from './staffAuth';
export * from './guestSearch';
export * from './waitlist';
export * from './waitlistOffers';
export * from './mailWaitlist';
export * from './manage';
export * from './reminders';
export * from './requests';
export * from './mailReminder';
export * from './staffSync';
export * from './refusals';
