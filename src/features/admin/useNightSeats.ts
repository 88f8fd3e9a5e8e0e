import { useEffect, useState } from 'react';
import { BOARD_GAME_NIGHT, DEFAULT_NIGHTLY_CAPACITY } from '../../lib/rules/limits';
import { nightSeats, type NightSeats } from '../../lib/rules/seats';
import { useCapacityRows, useNightReservations, useNightWaitlist } from './sync';
import type { CapacityRow } from './sync/types';

export interface NightSeatsShown extends NightSeats {
  /** guests of the night's board game reservations marked arrived */
  arrived: number;
  /** the night's own capacity row, when it has one (the card edits it) */
  row?: CapacityRow;
  /** false until the copy's capacity rows are read */
  ready: boolean;
}

/**
 * A night's seats from the tablet's copy (changes waiting included), counted by the one definition
 * the server's capacity check uses (src/lib/rules/seats.ts): reservations that still count and
 * the waitlist's live holds. Redrawn when the first hold ends, so the card frees those seats when
 * the server does.
 */
export function useNightSeats(date: string): NightSeatsShown {
  const rows = useCapacityRows(date);
  const reservations = useNightReservations(date);
  const waitlist = useNightWaitlist(date);
  const [now, setNow] = useState(() => new Date());
  const capacity = rows?.tonight?.seats ?? rows?.fallback?.seats ?? DEFAULT_NIGHTLY_CAPACITY;
  const seats = nightSeats(capacity, reservations ?? [], waitlist ?? [], now);

  useEffect(() => {
    if (!seats.heldUntil) return;
    const timer = window.setTimeout(() => setNow(new Date()), Math.max(0, Date.parse(seats.heldUntil) - Date.now()) + 250);
    return () => window.clearTimeout(timer);
  }, [seats.heldUntil]);

  let arrived = 0;
  for (const r of reservations ?? []) if (r.status === 'arrived' && r.event_name === BOARD_GAME_NIGHT) arrived += r.party_size;
  return { ...seats, arrived, row: rows?.tonight, ready: rows !== undefined };
}
