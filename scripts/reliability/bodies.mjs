// The oversize bodies scenario of `npm run reliability` (issue 24 item 6): 16 concurrent 30 MB
// bodies with a Content-Length, then 16 chunked ones without, to a public create, while the
// server's resident memory is sampled from /proc. Every one must be refused with 413 and the
// server must stay under MAX_RSS_MB (it reached 2.18 GB before the cap).
import net from 'node:net';
import { rssMb } from './memory.mjs';

export const OVERSIZE = { concurrent: 16, bytes: 30 * 1024 * 1024, maxRssMb: 300 };

/**
 * Streams `bytes` of a JSON-looking body over a raw socket (Node's http client drops an answer
 * that arrives before its request is written); resolves with the status the server answered (0: none).
 */
function sendOversize(url, bytes, withLength) {
  return new Promise((resolve) => {
    const target = new URL(url);
    const socket = net.connect(Number(target.port), target.hostname);
    let answer = '';
    const settle = () => {
      socket.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0));
    };
    socket.on('data', (data) => {
      answer += data;
    });
    // The server answers at once and closes the connection; the rest of the body goes nowhere.
    socket.on('error', settle);
    socket.on('close', settle);
    const length = withLength ? `Content-Length: ${bytes}` : 'Transfer-Encoding: chunked';
    socket.write(`POST /api/collections/reservations/records HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
    // A valid JSON create whose name is 30 MB long: {"name":"xxx…xxx"}
    const first = Buffer.alloc(64 * 1024, 'x');
    first.write('{"name":"');
    const middle = Buffer.alloc(64 * 1024, 'x');
    const last = Buffer.alloc(64 * 1024, 'x');
    last.write('"}', last.length - 2);
    const frame = (piece) => (withLength ? piece : Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !socket.destroyed) {
        const piece = sent === 0 ? first : sent + middle.length >= bytes ? last : middle;
        sent += piece.length;
        if (!socket.write(frame(piece))) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.end(withLength ? '' : '0\r\n\r\n');
    };
    pump();
  });
}

/** One round of `OVERSIZE.concurrent` bodies at once, sampling the server's RSS until all are answered. */
async function round(url, pid, withLength) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const statuses = await Promise.all(Array.from({ length: OVERSIZE.concurrent }, () => sendOversize(url, OVERSIZE.bytes, withLength)));
  clearInterval(sampler);
  return { statuses, peak: Math.max(peak, rssMb(pid)) };
}

export async function oversizeBodies(ctx) {
  const before = (await ctx.su.collection('reservations').getList(1, 1)).totalItems;
  const idle = rssMb(ctx.server.pid);
  const sized = await round(ctx.url, ctx.server.pid, true);
  const chunked = await round(ctx.url, ctx.server.pid, false);
  const after = (await ctx.su.collection('reservations').getList(1, 1)).totalItems;
  const statuses = [...sized.statuses, ...chunked.statuses];
  const peak = Math.max(sized.peak, chunked.peak);
  const mb = (n) => `${Math.round(n)} MB`;
  return {
    scenario: `${OVERSIZE.concurrent} concurrent 30 MB bodies, twice`,
    attempted: statuses.length,
    accepted: statuses.filter((s) => s === 200).length,
    stored: after - before,
    lost: 0,
    duplicated: 0,
    fivexx: statuses.filter((s) => s >= 500).length,
    invalid: after - before,
    failed: !(peak < OVERSIZE.maxRssMb) || statuses.some((s) => s !== 413),
    note:
      `${statuses.filter((s) => s === 413).length} of ${statuses.length} refused with 413; server RSS peak ${mb(sized.peak)} with Content-Length, ` +
      `${mb(chunked.peak)} chunked (idle ${mb(idle)}; must stay under ${OVERSIZE.maxRssMb} MB)`,
  };
}
