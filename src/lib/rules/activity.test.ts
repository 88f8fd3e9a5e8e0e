import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_COLLECTIONS, ACTIVITY_GROUPS, activityGroupOf, activityKind } from './activity';

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
