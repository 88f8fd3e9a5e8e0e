import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guestSearchMatch, guestSearchTerms } from './guestSearch';
import { STAFF_AUTH, isStaffCode } from './staffAuth';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('staff sign-in code rules', () => {
  it('are the numbers the migration configures PocketBase with', () => {
    const migration = readFileSync(path.join(root, 'pb_migrations/1763700500_staff_mfa.js'), 'utf8');
    for (const key of ['codeLength', 'codeSeconds', 'mfaSeconds', 'codesPerMinutePerIp'] as const) {
      expect(migration).toContain(`${key}: ${STAFF_AUTH[key]},`);
    }
    const settings = readFileSync(path.join(root, 'pb_migrations/1763700200_settings.js'), 'utf8');
    expect(settings).toContain(`{ label: '*:auth', audience: '', duration: 60, maxRequests: ${STAFF_AUTH.signInsPerMinutePerIp} }`);
  });

  it('accept a whole code only', () => {
    expect(isStaffCode('012345')).toBe(true);
    expect(isStaffCode('12345')).toBe(false);
    expect(isStaffCode('12345a')).toBe(false);
    expect(isStaffCode(' 123456')).toBe(false);
  });

});

describe('guest search match', () => {
  it('looks a phone up by its digits however it was typed', () => {
    expect(guestSearchMatch('347 555')).toBe('{name email} : "347 555" OR phone_digits : "347555"');
    expect(guestSearchMatch('(347)')).toBe('{name email} : "(347)" OR phone_digits : "347"');
  });

  it('looks names and emails up as typed, quotes escaped, and refuses what the index cannot look up', () => {
    expect(guestSearchMatch('  Maria   Lopez ')).toBe('{name email} : "Maria Lopez"');
    expect(guestSearchMatch('a"b')).toBe('{name email} : "a""b"');
    expect(guestSearchMatch('ma')).toBeNull();
    expect(guestSearchMatch('   ')).toBeNull();
  });

  it('ranks on the text as typed in lower case, and on digits only when there are enough to look a phone up', () => {
    expect(guestSearchTerms('  Mike718HPHK ')).toEqual({ text: 'mike718hphk', digits: '718' });
    expect(guestSearchTerms('Maria   Lopez')).toEqual({ text: 'maria lopez', digits: '' });
    expect(guestSearchTerms('a1b2')).toEqual({ text: 'a1b2', digits: '' });
  });
});
