// The benchmarks' mail receiver (`npm run bench`, `npm run reliability`): the tests' loopback SMTP
// server, reporting each recipient with the time its mail arrived (these scripts only count them).
import { startLoopbackSmtp as startServer } from '../../../tests/support/smtp-server.mjs';

/** Listens on 127.0.0.1:port; onRecipient(address, at, raw) for every recipient of every mail. */
export async function startLoopbackSmtp(port, onRecipient) {
  const { stop } = await startServer(port, (raw, envelope) => {
    const at = Date.now();
    for (const r of envelope.rcptTo) onRecipient(r.address, at, raw);
  });
  return { stop };
}
