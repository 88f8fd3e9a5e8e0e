/**
 * What staff see: the server's rows with the changes still waiting on this tablet laid over them,
 * in the order they were made. A change the server did not apply is not laid over: the server's
 * value stands until staff apply it anyway (the Not applied list).
 */
import type { Row, StoredChange } from './types';

/** A row as a list shows it: `waiting` when a change to it has not reached the server yet. */
export type Shown<T> = T & { waiting: boolean };

export function overlay<T extends { id: string }>(rows: readonly T[], changes: readonly StoredChange[], collection: string): Shown<T>[] {
  const byId = new Map<string, Shown<T>>(rows.map((r) => [r.id, { ...r, waiting: false }]));
  const ordered = changes.filter((c) => c.collection === collection && c.state === 'pending').sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const change of ordered) {
    const known = byId.get(change.record_id);
    if (change.op === 'delete') byId.delete(change.record_id);
    else if (change.op === 'create') byId.set(change.record_id, { ...change.preview, ...(change.fields as Row), id: change.record_id, waiting: true } as unknown as Shown<T>);
    else if (known) byId.set(change.record_id, { ...known, ...change.fields, waiting: true });
  }
  return [...byId.values()];
}
