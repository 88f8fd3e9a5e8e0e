// A server, a loopback inbox for the staff sign-in codes and a Chromium, for the staff benchmarks
// (dashboard.mjs, door.mjs); a helper, not a scenario.
import PocketBase from 'pocketbase';
import { chromium } from 'playwright-core';
import { startPocketBase } from '../../../tests/support/pocketbase.mjs';
import { startCodeInbox } from '../../../tests/support/staff-sign-in.mjs';
import { createStaff } from './apiVenue.mjs';

export { median } from './apiVenue.mjs';

/** Waits for `promise`, or gives `fallback` after `ms` (the timer never keeps the script alive). */
export const limit = (promise, ms, fallback) => Promise.race([promise, new Promise((r) => setTimeout(() => r(fallback), ms).unref())]);

/**
 * PB_PUBLIC_DIR serves another build (e.g. a copy of an older dist/ for a before/after comparison).
 * A loopback SMTP receiver takes the staff sign-in code (an admin signs in with two factors).
 */
export async function startStaffVenue() {
  const inbox = await startCodeInbox();
  const server = await startPocketBase({
    publicDir: process.env.PB_PUBLIC_DIR || undefined,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inbox.port), META_PIXEL_ID: '', META_ACCESS_TOKEN: '' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  return {
    server,
    browser,
    /** A staff account with the admin role, signed in: its session as the app stores it. */
    async staffSession(email, password) {
      const auth = await createStaff(server, inbox, new PocketBase(server.url), { email, password });
      return JSON.stringify({ token: auth.token, record: auth.record });
    },
    async stop() {
      await limit(browser.close(), 30_000, undefined);
      await server.stop();
      await inbox.stop();
    },
  };
}
