/**
 * Rate limits (on by default from the migrations) and the admin:grant command.
 */
import { describe, expect, it } from 'vitest';
import { client, influencerBody, post, venuePerFile } from '../support/api-fixtures';

const v = venuePerFile({ smtp: false, meta: false });

describe('rate limits', () => {
  it('answers 429 after 30 creates a minute from one IP (20 in a burst still pass)', async () => {
    const statuses: number[] = [];
    // Honeypot bodies: counted by the limiter, stored nowhere.
    for (let i = 0; i < 32; i++) {
      statuses.push((await post(`${v.url}/api/collections/influencer_applications/records`, { ...influencerBody(), website: 'x' })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('limits password sign-in attempts more strictly', async () => {
    const anon = client(v.url);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      try {
        await anon.collection('users').authWithPassword('nobody@example.test', 'wrong-password');
        statuses.push(200);
      } catch (err) {
        statuses.push((err as { status: number }).status);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('answers 429 after 20 manage-link tries a minute from one IP, like the cancel look-ups', async () => {
    // Well-formed guesses: each is looked up (404) until the limit answers instead.
    const guess = (i: number) => `${'g'.repeat(40)}${String(i).padStart(8, '0')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await post(`${v.url}/api/reservations/manage/${guess(i)}`, { party_size: 2 })).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('exempts superusers', async () => {
    for (let i = 0; i < 35; i++) {
      await v.su.collection('influencer_applications').create(influencerBody());
    }
  });
});

describe('admin:grant', () => {
  it('fails clearly for an unknown email and changes nothing', async () => {
    const res = await v.server.command(['admin:grant', 'ghost@example.test']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No account with the email ghost@example.test');
    expect(await v.su.collection('user_roles').getFullList()).toHaveLength(0);
  });

  it('grants an existing account the admin role (once)', async () => {
    await v.su.collection('users').create({ email: 'owner@example.test', password: 'password-123', passwordConfirm: 'password-123' });
    const res = await v.server.command(['admin:grant', 'owner@example.test']);
    expect(res.code).toBe(0);
    expect(res.stdout + res.stderr).toContain('owner@example.test is now an admin');
    const again = await v.server.command(['admin:grant', 'owner@example.test']);
    expect(again.code).toBe(0);
    expect(again.stdout + again.stderr).toContain('already an admin');
    const roles = await v.su.collection('user_roles').getFullList();
    expect(roles).toHaveLength(1);
    expect(roles[0]!.role).toBe('admin');
  });

  it('--owner makes an admin an owner too (both rows, once), and an admin grant after it keeps the owner', async () => {
    await v.su.collection('users').create({ email: 'boss@example.test', password: 'password-123', passwordConfirm: 'password-123' });
    const res = await v.server.command(['admin:grant', 'boss@example.test', '--owner']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout + res.stderr).toContain('boss@example.test is now an owner');
    const again = await v.server.command(['admin:grant', 'boss@example.test', '--owner']);
    expect(again.stdout + again.stderr).toContain('already an owner');
    const plain = await v.server.command(['admin:grant', 'boss@example.test']);
    expect(plain.stdout + plain.stderr).toContain('already an admin');
    const boss = await v.su.collection('users').getFirstListItem('email = "boss@example.test"');
    const roles = await v.su.collection('user_roles').getFullList({ filter: `user_id = "${boss.id}"`, sort: 'role' });
    expect(roles.map((r) => r.role)).toEqual(['admin', 'owner']);
  });
});
