/** Shared rules: limits and messages, validators, browser schemas, mail copy, calendar files. */
export * from './limits';
export * from './validate';
export * from './schemas';
export * from './mail';
export * from './ics';
export * from './staff';
export * from './staffAuth';
export * from './guestSearch';
export * from './waitlist';
export * from './waitlistOffers';
export * from './manage';
export * from './reminders';
export * from './requests';
export * from './mailReminder';
export * from './staffSync';
export * from './refusals';
