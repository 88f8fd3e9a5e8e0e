import { describe, expect, it } from 'vitest';
import { checkDeviceName, DEVICE_NAME_MAX, rolesAfter, STAFF_ACCOUNT_MESSAGES, topRole } from '../../../lib/rules/staffAccounts';
import type { StaffAccount } from './staffApi';
import { cardActions, confirmCopy, ownerCount, sinceText, sortAccounts } from './staffLogic';

const account = (email: string, role: StaffAccount['role']): StaffAccount => ({
  id: email.slice(0, 15).padEnd(15, 'x'),
  email,
  name: '',
  roles: role === 'owner' ? ['admin', 'owner'] : role === 'admin' ? ['admin'] : [],
  role,
  lastSignIn: '',
  devices: [],
});

describe('roles (shared with the hooks)', () => {
  it('owner implies admin: granting owner adds both, taking admin takes both, taking owner leaves admin', () => {
    expect(rolesAfter([], 'owner', true)).toEqual(['admin', 'owner']);
    expect(rolesAfter(['admin'], 'owner', true)).toEqual(['admin', 'owner']);
    expect(rolesAfter(['admin', 'owner'], 'admin', false)).toEqual([]);
    expect(rolesAfter(['admin', 'owner'], 'owner', false)).toEqual(['admin']);
    expect(rolesAfter(['admin'], 'admin', true)).toEqual(['admin']);
  });

  it('an owner row without the admin row is no owner', () => {
    expect(topRole(['owner'])).toBe('none');
    expect(topRole(['owner', 'admin'])).toBe('owner');
  });

  it('device names: text, trimmed, not empty, not too long', () => {
    expect(checkDeviceName('  Door   tablet ')).toEqual({ name: 'Door tablet' });
    expect(checkDeviceName(7)).toEqual({ error: STAFF_ACCOUNT_MESSAGES.nameType });
    expect(checkDeviceName('  ')).toEqual({ error: STAFF_ACCOUNT_MESSAGES.nameEmpty });
    expect(checkDeviceName('x'.repeat(DEVICE_NAME_MAX + 1))).toEqual({ error: STAFF_ACCOUNT_MESSAGES.nameTooLong });
    expect(checkDeviceName('x'.repeat(DEVICE_NAME_MAX))).toEqual({ name: 'x'.repeat(DEVICE_NAME_MAX) });
  });
});

describe('the Staff view', () => {
  it('lists owners, then door staff, then the rest, by email', () => {
    const sorted = sortAccounts([account('zed@x.test', 'none'), account('bo@x.test', 'admin'), account('al@x.test', 'admin'), account('zoe@x.test', 'owner')]);
    expect(sorted.map((a) => a.email)).toEqual(['zoe@x.test', 'al@x.test', 'bo@x.test', 'zed@x.test']);
  });

  it('offers nothing to a viewer who is not an owner', () => {
    expect(cardActions(account('me@x.test', 'admin'), false, 1)).toEqual({ roles: [], remove: false, endDevices: false, note: '' });
  });

  it('offers each role change that does something', () => {
    expect(cardActions(account('a@x.test', 'none'), true, 1).roles.map((r) => r.label)).toEqual(['Make door staff', 'Make owner']);
    expect(cardActions(account('a@x.test', 'admin'), true, 1).roles.map((r) => r.label)).toEqual(['Make owner', 'Remove staff access']);
    expect(cardActions(account('a@x.test', 'owner'), true, 2).roles.map((r) => r.label)).toEqual(['Remove owner', 'Remove staff access']);
  });

  it('keeps the last owner: no demotion, no removal, and says why', () => {
    const actions = cardActions(account('boss@x.test', 'owner'), true, 1);
    expect(actions.roles).toEqual([]);
    expect(actions.remove).toBe(false);
    expect(actions.endDevices).toBe(true);
    expect(actions.note).toMatch(/last owner/);
    expect(ownerCount([account('a@x.test', 'owner'), account('b@x.test', 'admin')])).toBe(1);
  });

  it('says when, in words', () => {
    const now = Date.parse('2026-11-27T20:00:00Z');
    expect(sinceText('', now)).toBe('Never');
    expect(sinceText('2026-11-27 19:59:30.000Z', now)).toBe('Just now');
    expect(sinceText('2026-11-27 19:55:00.000Z', now)).toBe('5 min ago');
    expect(sinceText('2026-11-27 17:00:00.000Z', now)).toBe('3 h ago');
    expect(sinceText('2026-11-20 17:00:00.000Z', now)).toBe('Nov 20, 2026, 12:00 PM');
  });

  it('asks first in words that say what happens', () => {
    const host = account('host@x.test', 'admin');
    expect(confirmCopy('device', host, 'Door tablet').title).toBe('Sign out Door tablet?');
    expect(confirmCopy('remove', host).body).toMatch(/stays in the activity log/);
    expect(confirmCopy('role', host, 'Make owner')).toMatchObject({ title: 'Make owner for host@x.test?', confirm: 'Make owner' });
  });
});
