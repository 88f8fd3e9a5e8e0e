// @vitest-environment jsdom
/**
 * The staff login form (src/features/admin/AdminLogin.tsx, on the form kit) against a real
 * PocketBase: a sign-up creates the account only and clears the fields; a login without the admin
 * role is signed out again; with the role it goes to the dashboard (SPEC §4 "Admin sign-in", §8).
 * Rendered in jsdom, so it needs the built server like every API test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { notify } from '../../src/components/toast';
import { AdminLogin } from '../../src/features/admin';
import { pb } from '../../src/lib/api/client';
import { startPocketBase, type StartedPocketBase } from '../support/pocketbase';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { receiverInbox } from '../support/staff-sign-in.mjs';
import { STAFF_AUTH_MESSAGES } from '../../src/lib/rules/staffAuth';

vi.mock('../../src/components/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() }, preloadToasts: () => Promise.resolve(), useToastsAtBottom: () => undefined }));

const EMAIL = 'manager@example.test';
const PASSWORD = 'game-night-2026';
let server: StartedPocketBase;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startPocketBase({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), MAIL_FROM: 'games@example.test' } });
  pb.baseURL = server.url;
});

afterAll(async () => {
  cleanup();
  pb.authStore.clear();
  await server?.stop();
  await smtp?.stop();
});

describe('staff login form against the server', () => {
  it('signs up (account only, fields cleared); a login without the admin role is signed out, and with it goes to the dashboard', async () => {
    const user = userEvent.setup();
    const memory = memoryLocation({ path: '/admin/login', record: true });
    render(createElement(Router, { hook: memory.hook, searchHook: memory.searchHook, children: createElement(AdminLogin) }));
    const email = () => screen.getByLabelText('Email');
    const password = () => screen.getByLabelText('Password');

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(email(), ` ${EMAIL} `);
    await user.type(password(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Account Created', 'Your account has been created. Now grant yourself admin role in the database, then log in.'),
    );
    expect(email()).toHaveValue('');
    expect(password()).toHaveValue('');
    const users = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: EMAIL, password: PASSWORD }),
    });
    expect(users.status).toBe(200);

    await user.click(screen.getByRole('tab', { name: 'Login' }));
    await user.type(email(), EMAIL);
    await user.type(password(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Access Denied', 'You do not have admin privileges. Please grant yourself admin role in the database first.'),
    );
    expect(pb.authStore.isValid).toBe(false);
    expect(memory.history?.at(-1)).toBe('/admin/login');

    const granted = await server.command(['admin:grant', EMAIL]);
    expect(granted.code, granted.stderr).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // An admin's password is only the first step: the emailed code completes it (issue 11).
    await screen.findByText(STAFF_AUTH_MESSAGES.codeSent);
    expect(pb.authStore.isValid).toBe(false);
    const code = await receiverInbox(smtp).code(EMAIL, 0);
    const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    await user.type(screen.getByLabelText('Code'), wrong);
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await screen.findByText(STAFF_AUTH_MESSAGES.codeWrong);
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), code);
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Success', 'Logged in successfully.'));
    expect(memory.history?.at(-1)).toBe('/admin/dashboard');
    expect(pb.authStore.record?.email).toBe(EMAIL);
  });
});
