/** Staff accounts: the server accepts exactly the passwords the sign-up form accepts (SPEC §5). */
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/rules/limits';
import { pocketBasePerFile } from '../support/perFile';

const server = pocketBasePerFile();

describe('staff sign-up', () => {
  it(`accepts a ${LIMITS.passwordMin}-character password and signs in with it`, async () => {
    const pb = new PocketBase(server.url);
    const password = 'x'.repeat(LIMITS.passwordMin);
    await pb.collection('users').create({ email: 'six@example.test', password, passwordConfirm: password });
    const auth = await pb.collection('users').authWithPassword('six@example.test', password);
    expect(auth.record.email).toBe('six@example.test');
  });

  it('refuses a shorter one', async () => {
    const pb = new PocketBase(server.url);
    const password = 'x'.repeat(LIMITS.passwordMin - 1);
    await expect(pb.collection('users').create({ email: 'five@example.test', password, passwordConfirm: password })).rejects.toMatchObject({
      status: 400,
    });
  });
});
