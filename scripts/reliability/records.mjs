// What the reliability scenarios share about the records they send: a client-chosen id, as the
// guests' outbox makes one, and which of those ids the server stored.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A record id as PocketBase takes one from a client: 15 of [a-z0-9]. */
export const newId = () => Array.from({ length: 15 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');

/** The ids among `ids` that `collection` holds, asked 40 at a time (a filter's length is bounded). */
export async function existingIds(su, collection, ids) {
  const found = [];
  for (let i = 0; i < ids.length; i += 40) {
    const filter = ids.slice(i, i + 40).map((id) => `id = "${id}"`).join(' || ');
    const list = await su.collection(collection).getFullList({ filter, fields: 'id' });
    found.push(...list.map((r) => r.id));
  }
  return found;
}
