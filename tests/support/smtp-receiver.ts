/**
 * A real SMTP server on loopback for API tests: accepts every mail (no TLS, no auth) and
 * keeps it raw, parsed (postal-mime) and as its tree of MIME parts (postal-mime's own).
 */
import PostalMime, { type Email } from 'postal-mime';
import { mimeTreeOf, type MimePart } from './mime-tree';
// @ts-expect-error: plain ESM JavaScript module (shared with the bench scripts), typed at the call
import { startLoopbackSmtp } from './smtp-server.mjs';

export interface ReceivedMail {
  raw: string;
  parsed: Email;
  /** the message's MIME structure, each leaf with its decoded bytes */
  tree: MimePart;
  envelope: { from: string; to: string[] };
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  /** Resolves when at least `count` mails matching `filter` arrived. */
  waitFor: (count: number, filter?: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail[]>;
  to: (address: string) => ReceivedMail[];
  clear: () => void;
  /** Refuses every mail from now on with this reply (e.g. 535 for expired credentials); null: accept again. */
  refuse: (reply: { code: number; message: string } | null) => void;
  stop: () => Promise<void>;
}

export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  const server: { port: number; stop: () => Promise<void> } = await startLoopbackSmtp(
    port,
    async (raw: Buffer, envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] }) => {
      if (refusal) throw Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      const text = raw.toString('utf8');
      const parser = new PostalMime();
      const parsed = await parser.parse(text);
      mails.push({
        raw: text,
        parsed,
        tree: mimeTreeOf(parser),
        envelope: { from: envelope.mailFrom ? envelope.mailFrom.address : '', to: envelope.rcptTo.map((r) => r.address) },
      });
    },
  );

  const matching = (filter?: (m: ReceivedMail) => boolean) => (filter ? mails.filter(filter) : mails.slice());

  return {
    port: server.port,
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
    refuse: (reply) => {
      refusal = reply;
    },
    stop: server.stop,
  };
}
