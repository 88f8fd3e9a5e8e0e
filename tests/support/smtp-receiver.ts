/**
 * A real SMTP server on loopback for API tests: accepts every mail (no TLS, no auth) and
 * keeps it raw and parsed (postal-mime).
 */
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface ReceivedMail {
  raw: string;
  parsed: Email;
  envelope: { from: string; to: string[] };
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  /** Resolves when at least `count` mails matching `filter` arrived. */
  waitFor: (count: number, filter?: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail[]>;
  to: (address: string) => ReceivedMail[];
  clear: () => void;
  stop: () => Promise<void>;
}

export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS of 127.0.0.1 per connection: the sandbox has no resolver to ask.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw)
          .then((parsed) => {
            mails.push({
              raw,
              parsed,
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
              },
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  const matching = (filter?: (m: ReceivedMail) => boolean) => (filter ? mails.filter(filter) : mails.slice());

  return {
    port: boundPort,
    mails,
    to: (address) => mails.filter((m) => m.envelope.to.includes(address)),
    waitFor: async (count, filter, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = matching(filter);
        if (found.length >= count) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`Expected ${count} mail(s), got ${matching(filter).length}`);
    },
    clear: () => {
      mails.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
