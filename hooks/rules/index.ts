/**
 * The rules the hooks use, one namespace (`import * as S from '../rules'`): what the browser and
 * the server share (src/lib/rules, venue time and the venue's facts, without zod: the server's
 * validators are plain code) and the server's own (mail copy, calendar files, waitlist offers,
 * reminders, the manage link's check) kept here in hooks/rules.
 */
export * from '../../src/lib/rules/limits';
export * from '../../src/lib/rules/fieldChecks';
export * from '../../src/lib/rules/validate';
export * from './mail';
export * from '../../src/lib/rules/staff';
export * from '../../src/lib/venueTime';
export { venue } from '../../src/content/venue';
export * from '../../src/lib/rules/csv';
export * from '../../src/lib/rules/staffAuth';
export * from '../../src/lib/rules/staffAccounts';
export * from '../../src/lib/rules/guestSearch';
export * from '../../src/lib/rules/waitlist';
export * from './waitlistOffers';
export * from './manage';
export * from './reminders';
export * from './nowFlag';
export * from '../../src/lib/rules/requests';
export * from '../../src/lib/rules/staffSync';
export * from '../../src/lib/rules/refusals';
export * from '../../src/lib/rules/refusalCodes';
export * from '../../src/lib/rules/walkIns';
export * from '../../src/lib/rules/seats';
export * from '../../src/lib/rules/staffAccounts';
export * from '../../src/lib/rules/activity';
export * from '../../src/lib/rules/system';
export * from '../../src/lib/rules/guestData';
export * from '../../src/lib/rules/backups';
