import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_COLLECTIONS, ACTIVITY_GROUPS, RESTORE_KIND, activityGroupOf, activityKind, restoreSummary } from './activity';

describe('the logged collections', () => {
  it('the registration stub binds exactly ACTIVITY_COLLECTIONS', () => {
    const stub = readFileSync(path.resolve(__dirname, '../../../hooks/register/activity.pb.ts'), 'utf8');
    const list = /const LOGGED = \[([^\]]*)\]/.exec(stub)?.[1] ?? '';
    expect([...list.matchAll(/'(\w+)'/g)].map((m) => m[1])).toEqual(ACTIVITY_COLLECTIONS);
  });

  it('every kind a logged write can have falls in one filter group', () => {
    for (const c of ACTIVITY_COLLECTIONS) {
      for (const op of ['create', 'update', 'delete'] as const) expect(activityGroupOf(activityKind(c, op, { status: 'x' })), `${c} ${op}`).not.toBeNull();
    }
    expect(activityGroupOf('staff.signin')).toBe('sign-ins');
    expect(new Set(ACTIVITY_GROUPS.map((g) => g.prefix)).size).toBe(ACTIVITY_GROUPS.length);
  });
});

describe('a restore’s row (written by server/backups/restorenote.go through the hooks’ bundle)', () => {
  const facts = { backup: 'nightly.zip', via: 'console', counted: true, bookings: 0, mailed: 0 };
  it('says which backup, from where, and what it took away', () => {
    expect(restoreSummary(facts)).toBe('Restored the backup "nightly.zip" from the console: no booking had been made since it, so none was lost');
    expect(restoreSummary({ ...facts, via: 'staff area', bookings: 1, mailed: 1 })).toBe(
      'Restored the backup "nightly.zip" from the staff area: it took away 1 booking made since it, 1 of them already mailed (not mailed again)',
    );
    expect(restoreSummary({ ...facts, bookings: 3, mailed: 2 })).toBe(
      'Restored the backup "nightly.zip" from the console: it took away 3 bookings made since it, 2 of them already mailed (not mailed again)',
    );
  });
  it('says nothing of what it took away when that could not be counted', () => {
    expect(restoreSummary({ ...facts, counted: false, bookings: 5 })).toBe('Restored the backup "nightly.zip" from the console');
  });
  it('its kind falls in the Restores filter', () => {
    expect(activityGroupOf(RESTORE_KIND)).toBe('restores');
  });
});
