// Signs a staff account in the way the login screen does, for every test, bench and script
// (issue 11): password first; an admin account is then asked for a second factor (PocketBase MFA),
// so the emailed code is requested and read from the loopback SMTP receiver. MFA stays on in tests.
// Plain JavaScript, so the Node scripts import it as they do smtp-server.mjs.
import { startLoopbackSmtp, subjectOf } from './smtp-server.mjs';

/** The code in a sign-in code mail's subject ("123456 is your … staff sign-in code"), or ''. */
export function codeFromSubject(subject) {
  const match = /^(\d{4,10}) is your .*sign-in code/.exec(subject || '');
  return match ? match[1] : '';
}

/**
 * Signs `pb` (a PocketBase SDK client) in as `email`. `inbox` reads codes: { count(email): number,
 * code(email, index): Promise<string> } (the index-th code mailed to that address, waited for).
 * Resolves to the SDK's auth answer.
 */
export async function signInStaff(pb, email, password, inbox) {
  let mfaId = '';
  try {
    return await pb.collection('users').authWithPassword(email, password, { requestKey: null });
  } catch (error) {
    mfaId = error?.response?.mfaId || '';
    if (!mfaId) throw error;
  }
  const before = inbox.count(email);
  // The password step's mfaId names this sign-in, as the login screen sends it (a code per sign-in).
  const { otpId } = await pb.collection('users').requestOTP(email, { body: { email, mfaId }, requestKey: null });
  const code = await inbox.code(email, before);
  return pb.collection('users').authWithOTP(otpId, code, { mfaId, requestKey: null });
}

/** An inbox over the tests' SMTP receiver (tests/support/smtp-receiver.ts). */
export function receiverInbox(receiver) {
  const codes = (email) => receiver.to(email).map((m) => codeFromSubject(m.parsed.subject)).filter(Boolean);
  return {
    count: (email) => codes(email).length,
    code: async (email, index, timeoutMs = 15_000) => {
      await receiver.waitFor(index + 1, (m) => m.envelope.to.includes(email) && Boolean(codeFromSubject(m.parsed.subject)), timeoutMs);
      return codes(email)[index];
    },
  };
}

/** A loopback SMTP server that keeps only sign-in codes, for the bench and reliability scripts. */
export async function startCodeInbox(port = 0) {
  const received = [];
  const server = await startLoopbackSmtp(port, (raw, envelope) => {
    const code = codeFromSubject(subjectOf(raw));
    if (code) for (const r of envelope.rcptTo) received.push({ to: r.address, code });
  });
  const codes = (email) => received.filter((r) => r.to === email).map((r) => r.code);
  return {
    port: server.port,
    count: (email) => codes(email).length,
    code: async (email, index, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (codes(email).length <= index) {
        if (Date.now() > deadline) throw new Error(`no sign-in code mailed to ${email}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return codes(email)[index];
    },
    stop: server.stop,
  };
}
