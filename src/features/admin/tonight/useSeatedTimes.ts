/**
 * When each party of tonight was seated: the server's record of an arrival is its update time
 * (the arrival is the record's last change at the door); an arrival still waiting on this tablet
 * is the time staff tapped it (its queued change). No server field is needed.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { parseServerDate } from '../format';
import { staffDb } from '../sync/db';
import type { Shown } from '../sync';
import type { Reservation } from '../types';

const NONE: ReadonlyMap<string, number> = new Map();

/** record id → when its arrival was tapped here, for arrivals not sent yet (the last one counts). */
export function usePendingArrivals(): ReadonlyMap<string, number> {
  return (
    useLiveQuery(async () => {
      if (typeof indexedDB === 'undefined') return NONE;
      try {
        const pending = await staffDb().changes.where('collection').equals('reservations').toArray();
        const at = new Map<string, number>();
        for (const c of pending.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
          const arrives = c.fields.status === 'arrived' || (c.op === 'create' && c.preview?.status === 'arrived');
          if (c.state === 'pending' && arrives) at.set(c.record_id, Date.parse(c.made_at));
        }
        return at;
      } catch {
        return NONE;
      }
    }, []) ?? NONE
  );
}

/** When `r` was seated (ms), or undefined when it has not arrived. */
export function seatedAt(r: Shown<Reservation>, pending: ReadonlyMap<string, number>): number | undefined {
  if (r.status !== 'arrived') return undefined;
  const here = r.waiting ? pending.get(r.id) : undefined;
  return here ?? parseServerDate(r.updated)?.getTime() ?? parseServerDate(r.created)?.getTime();
}
