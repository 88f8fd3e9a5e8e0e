// A real SMTP server on loopback that takes every mail (no TLS, no auth), shared by the tests'
// receiver (smtp-receiver.ts, which parses each mail) and the bench and reliability scripts (which
// only count recipients). Plain JavaScript, so the Node scripts import it as they do pocketbase.mjs.
import { SMTPServer } from 'smtp-server';

/**
 * Listens on 127.0.0.1:port (0: a free port). onMail(raw, envelope) runs for every mail; a promise
 * it returns is awaited, and a rejection refuses the mail. Resolves to { port, stop }.
 */
export async function startLoopbackSmtp(port, onMail) {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS of 127.0.0.1 per connection: the sandbox has no resolver to ask.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        Promise.resolve()
          .then(() => onMail(Buffer.concat(chunks), session.envelope))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  // Once listening, a client that drops mid-conversation (a server under test stopped or killed
  // during a send) is that client's problem: without a listener, 'error' would crash the process.
  server.removeAllListeners('error');
  server.on('error', () => {});
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A raw mail's Subject header as sent (encoded words kept), or ''. */
export function subjectOf(raw) {
  return /^Subject: (.*)$/im.exec(raw.toString('utf8'))?.[1]?.trim() ?? '';
}
