// A loopback SMTP receiver for the benchmarks (`npm run bench`, `npm run reliability`): it accepts
// every mail and reports each recipient with the time it arrived. The tests' receiver
// (tests/support/smtp-receiver.ts) also parses the messages; these scripts only count them.
import { SMTPServer } from 'smtp-server';

/** Listens on 127.0.0.1:port; onRecipient(address, at) for every recipient of every mail. */
export async function startLoopbackSmtp(port, onRecipient) {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS of 127.0.0.1 per connection: the sandbox has no resolver to ask.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const at = Date.now();
        for (const r of session.envelope.rcptTo) onRecipient(r.address, at);
        callback();
      });
    },
  });
  // A client that drops mid-conversation (the server under test stopped or killed during a send)
  // is that client's problem: without a listener, the 'error' event would crash the script.
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { stop: () => new Promise((resolve) => server.close(resolve)) };
}
