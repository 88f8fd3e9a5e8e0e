import { useEffect, useState } from 'react';
import { pb } from '../../lib/api/client';
import { GUEST_SEARCH, GUEST_SEARCH_MESSAGES, guestSearchMatch } from '../../lib/rules/guestSearch';
import type { ReservationStatus } from '../../lib/rules/limits';
import type { Reservation } from './types';
import { pick } from './data/reservationQueries';

export type GuestSearchState =
  | { kind: 'idle' }
  | { kind: 'hint'; message: string }
  | { kind: 'searching'; rows: readonly Reservation[] }
  | { kind: 'done'; rows: readonly Reservation[] }
  | { kind: 'error'; message: string };

/** Reservations matching `typed` on any date (GET /api/admin/reservations/search, admins only). */
export async function searchGuests(typed: string): Promise<Reservation[]> {
  const answer = await pb.send<{ items: Reservation[] }>('/api/admin/reservations/search', { query: { q: typed.trim() }, requestKey: null });
  return answer.items.map(pick);
}

/**
 * The guest search box's state: asks the server GUEST_SEARCH.debounceMs after the last key (an
 * answer to an older query is dropped), lets a row be changed in place (check-in), and asks again
 * on `refresh`.
 */
export function useGuestSearch(typed: string) {
  const query = typed.trim();
  // What the server last answered, for which query; a newer query shows "searching" over it.
  const [answer, setAnswer] = useState<{ query: string; rows: readonly Reservation[]; failed: boolean }>({ query: '', rows: [], failed: false });
  const hint = !query
    ? ''
    : query.length > GUEST_SEARCH.maxChars
      ? GUEST_SEARCH_MESSAGES.tooLong
      : guestSearchMatch(query)
        ? ''
        : GUEST_SEARCH_MESSAGES.tooShort;
  const ask = Boolean(query) && !hint;
  // Bumped to ask again for the same query (after a guest was forgotten).
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (!ask) return;
    let current = true;
    const timer = window.setTimeout(() => {
      searchGuests(query).then(
        (rows) => current && setAnswer({ query, rows, failed: false }),
        (error: unknown) => {
          console.error('Guest search failed', error);
          if (current) setAnswer({ query, rows: [], failed: true });
        },
      );
    }, GUEST_SEARCH.debounceMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query, ask, asked]);

  const state: GuestSearchState = !query
    ? { kind: 'idle' }
    : hint
      ? { kind: 'hint', message: hint }
      : answer.query !== query
        ? { kind: 'searching', rows: answer.rows }
        : answer.failed
          ? { kind: 'error', message: GUEST_SEARCH_MESSAGES.failed }
          : { kind: 'done', rows: answer.rows };

  // A row changed from the results (check-in): shown at once; the queue sends it to the server.
  const editRows = (edit: (row: Reservation) => Reservation) => setAnswer((a) => ({ ...a, rows: a.rows.map(edit) }));
  const setRowStatus = (id: string, status: ReservationStatus) => editRows((r) => (r.id === id ? { ...r, status } : r));
  const refresh = () => setAsked((n) => n + 1);
  return { state, setRowStatus, refresh };
}
