/**
 * Whether the server answers, as the sync's own calls find it. The browser's online flag is not
 * enough at the venue: a tablet on wifi with no way out (the router up, the internet down) says
 * it is online while nothing arrives. A call that gets no answer at all marks the tablet
 * unreachable since its last contact; any answer clears it.
 */
import { ClientResponseError } from 'pocketbase';
import { readMeta, staffDb, writeMeta } from './db';

/** No answer at all (no network, no route to the server), as opposed to the server saying no. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 0 && !error.isAbort;
}

/** The server answered: the tablet is in contact now. */
export async function noteContact(): Promise<void> {
  await writeMeta('lastContact', Date.now());
  await staffDb().meta.delete('offlineSince');
}

/** A call got no answer: offline since the last contact (or now, if there never was one). */
export async function noteNoAnswer(): Promise<void> {
  if ((await readMeta<number>('offlineSince')) !== undefined) return;
  await writeMeta('offlineSince', (await readMeta<number>('lastContact')) ?? Date.now());
}
