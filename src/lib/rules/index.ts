/**
 * Shared rules: limits and messages, validators, browser schemas. The server's own (mail copy,
 * calendar files, waitlist offers, reminders, the manage link's check) live in hooks/rules.
 */
export * from './limits';
export * from './fieldChecks';
export * from './validate';
export * from './schemas';
export * from './staff';
export * from './staffAuth';
export * from './staffAccounts';
export * from './guestSearch';
export * from './waitlist';
export * from './requests';
export * from './staffSync';
export * from './refusals';
export * from './refusalCodes';
export * from './walkIns';
export * from './seats';
export * from './activity';
export * from './guestData';
export * from './backups';
