/**
 * Issue 32 item 3: owners invite staff by email. Every route tried as anonymous, signed-up
 * non-admin, admin (not owner), a stale token and an owner; the link works once, for 72 hours,
 * is stored only as a hash (no one reads it through the API, owners included), is replaced by a
 * new invitation to the same email and ended by a cancel; 1,000 guesses open nothing. Accepting
 * makes the account with the admin role, and it signs in with the emailed code.
 */
import { createHash, randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/rules/limits';
import { STAFF_ACCOUNTS, STAFF_ACCOUNT_MESSAGES } from '../../src/lib/rules/staffAccounts';
import { client, post, venuePerFile } from '../support/api-fixtures';

const NEW_PASSWORD = 'door-staff-2026';
const v = venuePerFile({ meta: false, relaxed: true });

async function call(pb: PocketBase | null, method: string, route: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (pb?.authStore.token) headers.Authorization = pb.authStore.token;
  const res = await fetch(`${v.url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
}

const accept = (token: string, password = NEW_PASSWORD, passwordConfirm = password) => post(`${v.url}/api/staff/invites/accept`, { token, password, passwordConfirm });

/** The emails of the pending invitations, as an owner lists them. */
async function pendingEmails(owner: PocketBase): Promise<string[]> {
  return (await call(owner, 'GET', '/api/admin/invites')).json.items.map((i: { email: string }) => i.email);
}

/** The token of the newest invitation mailed to `email`. */
async function inviteToken(email: string): Promise<string> {
  await v.settle('template = "staff_invite"');
  const mails = v.smtp!.to(email).filter((m) => /invited/i.test(m.parsed.subject ?? ''));
  const match = /\/admin\/accept-invite\?token=([^\s"<]+)/.exec(mails.at(-1)?.parsed.text ?? '');
  expect(match, 'an invitation link in the mail').toBeTruthy();
  return decodeURIComponent(match![1]!);
}

let callers: Promise<{ owner: PocketBase; admin: PocketBase; member: PocketBase; stale: PocketBase }> | null = null;
/** One owner, one admin, one signed-up account and a stale token (an owner's, ended), made once. */
function people() {
  callers ??= (async () => {
    const owner = await v.user('invite-owner@example.test', { owner: true });
    const admin = await v.user('invite-admin@example.test', { admin: true });
    const member = await v.user('invite-member@example.test');
    const ended = await v.user('invite-ended@example.test', { owner: true });
    const stale = client(v.url);
    stale.authStore.save(ended.authStore.token, ended.authStore.record);
    await ended.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email: 'invite-ended@example.test' } });
    return { owner, admin, member, stale };
  })();
  return callers;
}

describe('staff invitations', () => {
  it('lets only owners invite, list and cancel', async () => {
    const { owner, admin, member, stale } = await people();
    const invited = await call(owner, 'POST', '/api/admin/invites', { email: 'who-may@example.test' });
    expect(invited.status).toBe(201);
    for (const pb of [null, member, admin, stale]) {
      const asked = await call(pb, 'POST', '/api/admin/invites', { email: 'not-by-them@example.test' });
      expect(asked).toMatchObject({ status: 403, json: { message: STAFF_ACCOUNT_MESSAGES.inviteOwnersOnly } });
      expect((await call(pb, 'GET', '/api/admin/invites')).status).toBe(403);
      expect((await call(pb, 'DELETE', `/api/admin/invites/${invited.json.id}`)).status).toBe(403);
    }
    expect(await pendingEmails(owner)).toEqual(['who-may@example.test']);
    expect((await v.su.collection('staff_invites').getFullList({ filter: 'email = "not-by-them@example.test"' })).length).toBe(0);
    expect((await call(owner, 'DELETE', `/api/admin/invites/${invited.json.id}`)).status).toBe(200);
  });

  it('refuses a bad email clearly and changes nothing', async () => {
    const { owner } = await people();
    expect((await call(owner, 'POST', '/api/admin/invites', { email: 42 })).json.data.email.message).toBe(MESSAGES.emailInvalid);
    expect((await call(owner, 'POST', '/api/admin/invites', { email: 'not-an-email' })).json.data.email.message).toBe(MESSAGES.emailInvalid);
    expect((await call(owner, 'POST', '/api/admin/invites', { email: 'invite-member@example.test' })).json).toMatchObject({
      status: 409,
      message: STAFF_ACCOUNT_MESSAGES.inviteAccountExists,
    });
    expect(await pendingEmails(owner)).not.toContain('not-an-email');
    expect(await pendingEmails(owner)).not.toContain('invite-member@example.test');
  });

  it('mails a link that makes an admin account once; the hash alone is stored, and no one reads it', async () => {
    const { owner, admin } = await people();
    const email = 'new-door@example.test';
    const invited = await call(owner, 'POST', '/api/admin/invites', { email: ' New-Door@Example.test ' });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email, invited_by: 'invite-owner@example.test' });
    expect(Object.keys(invited.json).sort()).toEqual(['created', 'email', 'expires', 'id', 'invited_by']);
    const hours = (Date.parse(invited.json.expires.replace(' ', 'T')) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(STAFF_ACCOUNTS.inviteHours - 0.1);
    expect(hours).toBeLessThanOrEqual(STAFF_ACCOUNTS.inviteHours);
    const token = await inviteToken(email);

    // Stored: the hash only. The list answers no token nor hash; the collection and the job are closed to staff.
    const [row] = await v.su.collection('staff_invites').getFullList({ filter: `email = "${email}"` });
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await call(owner, 'GET', '/api/admin/invites'))).not.toContain(row!.token_hash);
    for (const pb of [owner, admin]) {
      // No API rule: only superusers list the collection (403 for anyone else).
      expect(await pb.collection('staff_invites').getList(1, 10).then(() => 200, (e: { status: number }) => e.status)).toBe(403);
      expect((await pb.collection('outbox').getList(1, 10, { filter: 'template = "staff_invite"' })).totalItems).toBe(0);
    }
    const [job] = await v.su.collection('outbox').getFullList({ filter: `template = "staff_invite" && recipient = "${email}"` });
    expect(job!.status).toBe('sent');
    expect(JSON.stringify(job!.payload)).not.toContain(token);

    // The spec's password rule, then the account.
    expect((await accept(token, '12345')).json.data.password.message).toBe(MESSAGES.passwordTooShort);
    expect((await accept(token, NEW_PASSWORD, 'different-1')).json.data.password.message).toBe(STAFF_ACCOUNT_MESSAGES.passwordsDiffer);
    expect(await accept(token)).toMatchObject({ status: 200, json: { email, message: STAFF_ACCOUNT_MESSAGES.inviteAccepted } });
    // Used once.
    expect(await accept(token, 'another-password')).toMatchObject({ status: 400, json: { message: STAFF_ACCOUNT_MESSAGES.inviteLinkBad } });

    // An admin (door staff), not an owner, who signs in with password + emailed code.
    const user = await v.su.collection('users').getFirstListItem(`email = "${email}"`);
    const roles = await v.su.collection('user_roles').getFullList({ filter: `user_id = "${user.id}"` });
    expect(roles.map((r) => r.role)).toEqual(['admin']);
    const step = await post(`${v.url}/api/collections/users/auth-with-password`, { identity: email, password: NEW_PASSWORD });
    expect(step.status).toBe(401);
    const staff = await v.signIn(email, NEW_PASSWORD);
    await expect(staff.collection('reservations').getList(1, 1)).resolves.toBeTruthy();

    const kinds = (await v.su.collection('activity').getFullList({ filter: `target_collection = "staff_invites" && target_id = "${row!.id}"`, sort: 'created' })).map((a) => a.kind);
    expect(kinds).toEqual(['invite.send', 'invite.accept']);
    expect(await pendingEmails(owner)).not.toContain(email);
  }, 60_000);

  it('replaces the earlier invitation of an email, and a cancel ends the link (twice: the second finds none)', async () => {
    const { owner } = await people();
    const email = 'twice-invited@example.test';
    await call(owner, 'POST', '/api/admin/invites', { email });
    const first = await inviteToken(email);
    const second = await call(owner, 'POST', '/api/admin/invites', { email });
    const secondToken = await inviteToken(email);
    expect(secondToken).not.toBe(first);
    expect((await pendingEmails(owner)).filter((e) => e === email)).toHaveLength(1);
    expect((await accept(first)).json.message).toBe(STAFF_ACCOUNT_MESSAGES.inviteLinkBad);

    const cancelled = await call(owner, 'DELETE', `/api/admin/invites/${second.json.id}`);
    expect(cancelled).toMatchObject({ status: 200, json: { email, message: STAFF_ACCOUNT_MESSAGES.inviteCancelled } });
    expect(await call(owner, 'DELETE', `/api/admin/invites/${second.json.id}`)).toMatchObject({ status: 404, json: { message: STAFF_ACCOUNT_MESSAGES.inviteNotFound } });
    expect((await accept(secondToken)).json.message).toBe(STAFF_ACCOUNT_MESSAGES.inviteLinkBad);
    expect((await v.su.collection('users').getFullList({ filter: `email = "${email}"` })).length).toBe(0);
    const kinds = (await v.su.collection('activity').getFullList({ filter: `kind ~ "invite." && summary ~ "${email}"`, sort: 'created' })).map((a) => a.kind);
    expect(kinds).toEqual(['invite.send', 'invite.send', 'invite.cancel']);
  });

  it('refuses an expired link, and accepts none of 1,000 guessed ones', async () => {
    const { owner } = await people();
    const email = 'late-invitee@example.test';
    const invited = await call(owner, 'POST', '/api/admin/invites', { email });
    const token = await inviteToken(email);
    await v.su.collection('staff_invites').update(invited.json.id, { expires: new Date(Date.now() - 1000).toISOString().replace('T', ' ') });
    expect(await accept(token)).toMatchObject({ status: 400, json: { message: STAFF_ACCOUNT_MESSAGES.inviteLinkBad } });
    expect(await pendingEmails(owner)).not.toContain(email);

    const usersBefore = (await v.su.collection('users').getList(1, 1)).totalItems;
    let accepted = 0;
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => accept(randomBytes(36).toString('base64url').slice(0, 48))));
      accepted += answers.filter((a) => a.status !== 400).length;
    }
    expect(accepted).toBe(0);
    expect((await v.su.collection('users').getList(1, 1)).totalItems).toBe(usersBefore);
    expect(await accept('')).toMatchObject({ status: 400, json: { message: STAFF_ACCOUNT_MESSAGES.linkMissing } });
  }, 90_000);
});
