import { afterEach, describe, expect, it } from 'vitest';
import { pb } from '../../../lib/api/client';
import { SESSION_KEY, staffQueryClient } from './queryClient';

describe('the staff query client on sign-out', () => {
  afterEach(() => staffQueryClient.clear());

  it("forgets the last account's answers, and lets a session check on its way answer", async () => {
    pb.authStore.save('token', { id: 'staff1', collectionId: 'users', collectionName: 'users' });
    const figures = ['staff', 'reservations', 'stats', {}];
    staffQueryClient.setQueryData(figures, { counts: { reservations: 3 } });
    const check = staffQueryClient.fetchQuery({ queryKey: [...SESSION_KEY, 'staff1'], queryFn: () => new Promise<string>((resolve) => setTimeout(() => resolve('signed-out'), 20)) });

    pb.authStore.clear();
    expect(staffQueryClient.getQueryData(figures)).toBeUndefined();
    await expect(check).resolves.toBe('signed-out');
  });

  it('keeps them when the same account renews its session', () => {
    pb.authStore.save('token', { id: 'staff1', collectionId: 'users', collectionName: 'users' });
    const figures = ['staff', 'reservations', 'stats', {}];
    staffQueryClient.setQueryData(figures, { counts: { reservations: 3 } });
    pb.authStore.save('renewed', { id: 'staff1', collectionId: 'users', collectionName: 'users' });
    expect(staffQueryClient.getQueryData(figures)).toEqual({ counts: { reservations: 3 } });
    pb.authStore.clear();
  });
});
