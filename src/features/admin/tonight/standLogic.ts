/**
 * Tonight's list as a host stand (issue 31), as pure functions of the rows and the clock: each
 * party's state (late is a confirmed party not arrived HOST_STAND.lateAfterMinutes after its
 * time), the filter chips with their counts, the search over tonight's copy, and the rows grouped
 * by arrival slot with the covers per slot, late parties first in their slot.
 */
import { HOST_STAND } from '../../../lib/rules/hostStand';
import { SEAT_FREEING_STATUSES, TIME_SLOTS, type ReservationStatus } from '../../../lib/rules/limits';
import { guestSearchTerms } from '../../../lib/rules/guestSearch';
import { parseClockTime, venueDateTimeToUtc } from '../../../lib/venueTime';
import type { Reservation } from '../types';

export type PartyState = 'expected' | 'late' | Exclude<ReservationStatus, 'confirmed'>;

/** The chips over tonight's list, in their order; "expected" holds every party not arrived yet, late ones too. */
export const STAND_FILTERS = ['all', 'expected', 'late', 'arrived', 'no_show', 'cancelled'] as const;
export type StandFilter = (typeof STAND_FILTERS)[number];
export const STAND_FILTER_LABELS: Record<StandFilter, string> = { all: 'All', expected: 'Expected', late: 'Late', arrived: 'Arrived', no_show: 'No-show', cancelled: 'Cancelled' };

const MINUTE = 60_000;
/** Late first, then the parties still to come, then the ones seated, then the rest. */
const RANK: Record<PartyState, number> = { late: 0, expected: 1, arrived: 2, no_show: 3, cancelled: 4 };

type Party = Pick<Reservation, 'id' | 'name' | 'email' | 'phone' | 'event_date' | 'event_time' | 'party_size' | 'status'>;

/** When the party was due, as an instant (a time past midnight belongs to the night's next day), or null. */
export function dueAt(r: Pick<Party, 'event_date' | 'event_time'>): number | null {
  const at = venueDateTimeToUtc(r.event_date, r.event_time);
  const clock = parseClockTime(r.event_time);
  if (!at || !clock) return null;
  return at.getTime() + (clock.hour < 12 ? 24 * 60 * MINUTE : 0);
}

/** Minutes past the party's time, when it is late; else 0. */
export function minutesLate(r: Party, now: number): number {
  if (r.status !== 'confirmed') return 0;
  const due = dueAt(r);
  if (due === null) return 0;
  const late = Math.floor((now - due) / MINUTE);
  return late >= HOST_STAND.lateAfterMinutes ? late : 0;
}

/** A party's row on the stand: its state on the clock `now`, and how late it is. */
export function standRow<T extends Party>(party: T, now: number): StandRow<T> {
  const late = minutesLate(party, now);
  return { party, state: party.status === 'confirmed' ? (late > 0 ? 'late' : 'expected') : party.status, late };
}

export function inFilter(state: PartyState, filter: StandFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'expected') return state === 'expected' || state === 'late';
  return state === filter;
}

/** '42 min', '1 h 05' (a duration in whole minutes). */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')}`;
}

/**
 * Does the party match what was typed? Part of the name or email (any case), or 3 or more digits
 * of the phone, as the server's search matches them; on tonight's copy, from the first letter.
 */
export function matchesGuest(r: Pick<Party, 'name' | 'email' | 'phone'>, typed: string): boolean {
  const { text, digits } = guestSearchTerms(typed);
  if (!text) return true;
  if (r.name.toLowerCase().includes(text) || r.email.toLowerCase().includes(text)) return true;
  return digits !== '' && r.phone.replace(/\D/g, '').includes(digits);
}

export interface StandRow<T extends Party = Party> {
  party: T;
  state: PartyState;
  /** minutes past its time, for a late party */
  late: number;
}

export interface SlotGroup<T extends Party = Party> {
  slot: string;
  /** the rows the filter and the search let through, late first */
  rows: StandRow<T>[];
  /** every party of the slot still coming or seated (not cancelled, not a no-show) */
  parties: number;
  covers: number;
  late: number;
  /** the slot the night is in now */
  current: boolean;
  /** over (its half hour has passed; the last slot never is) and every party in it seated or settled: shown folded */
  done: boolean;
}

export interface Stand<T extends Party = Party> {
  groups: SlotGroup<T>[];
  counts: Record<StandFilter, number>;
  /** rows shown across the groups */
  shown: number;
}

const SLOT_MINUTES = 30;

/**
 * Groups `rows` (in the night's clock order) by arrival slot. The chips' counts are over the
 * night's rows that match the search; each slot's parties and covers are over all its rows.
 */
export function buildStand<T extends Party>(rows: readonly T[], opts: { now: number; filter: StandFilter; query: string }): Stand<T> {
  const { now, filter, query } = opts;
  const counts = Object.fromEntries(STAND_FILTERS.map((f) => [f, 0])) as Record<StandFilter, number>;
  const bySlot = new Map<string, StandRow<T>[]>();
  for (const party of rows) {
    const row = standRow(party, now);
    const slot = bySlot.get(party.event_time) ?? [];
    slot.push(row);
    bySlot.set(party.event_time, slot);
  }
  let shown = 0;
  const groups: SlotGroup<T>[] = [];
  for (const [slot, all] of bySlot) {
    const matching = all.filter((r) => matchesGuest(r.party, query));
    for (const r of matching) for (const f of STAND_FILTERS) if (inFilter(r.state, f)) counts[f] += 1;
    const seated = all.filter((r) => !SEAT_FREEING_STATUSES.includes(r.party.status));
    const due = dueAt(all[0]!.party);
    const current = due !== null && now >= due && now < due + SLOT_MINUTES * MINUTE;
    // The night's last slot takes the walk-ins until closing: it is never over.
    const over = due !== null && now >= due + SLOT_MINUTES * MINUTE && slot !== TIME_SLOTS[TIME_SLOTS.length - 1];
    const visible = matching.filter((r) => inFilter(r.state, filter)).sort((a, b) => RANK[a.state] - RANK[b.state] || b.late - a.late);
    shown += visible.length;
    groups.push({
      slot,
      rows: visible,
      parties: seated.length,
      covers: seated.reduce((n, r) => n + r.party.party_size, 0),
      late: all.filter((r) => r.state === 'late').length,
      current,
      done: over && all.every((r) => r.state !== 'expected' && r.state !== 'late'),
    });
  }
  return { groups: groups.filter((g) => g.rows.length > 0), counts, shown };
}
