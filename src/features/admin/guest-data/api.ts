/**
 * An owner's export and forget of one guest (issue 32 item 7), through the owner routes
 * (hooks/lib/guest-data.ts). The guest goes in the body, never in the address: no log keeps it.
 */
import { pb } from '../../../lib/api/client';
import { describeCounts, emailKey, isErasedEmail, type GuestCounts } from '../../../lib/rules/guestData';
import { venueToday } from '../../../lib/venueTime';
import { downloadBlob } from '../csv';
import type { Reservation } from '../types';

/** One guest as the owner picks them from the search: by email, with the phone they booked with. */
export interface GuestKey {
  name: string;
  email: string;
  phone: string;
}

const body = (guest: GuestKey) => (guest.phone ? { email: guest.email, phone: guest.phone } : { email: guest.email });
const send = <T>(route: string, guest: GuestKey) => pb.send<T>(`/api/admin/guests/${route}`, { method: 'POST', body: body(guest), requestKey: null });

/** What a forget would erase, in words ("2 reservations, 1 private event inquiry") and in all. */
export async function previewGuest(guest: GuestKey): Promise<{ summary: string; total: number }> {
  const answer = await send<{ counts: GuestCounts; total: number }>('preview', guest);
  return { summary: describeCounts(answer.counts), total: answer.total };
}

/** Downloads every record of the guest as guest-data-<today>.json. */
export async function exportGuest(guest: GuestKey): Promise<void> {
  const data = await send<unknown>('export', guest);
  downloadBlob(`guest-data-${venueToday()}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}

/** Erases the guest; the server's sentence of what went (or that nothing was left). */
export async function forgetGuest(guest: GuestKey): Promise<{ forgotten: boolean; message: string }> {
  return send('forget', guest);
}

/** The distinct guests among search results (by email, erased ones left out), first found first. */
export function guestsOf(rows: readonly Reservation[]): GuestKey[] {
  const seen = new Map<string, GuestKey>();
  rows.forEach((r) => {
    const key = emailKey(r.email);
    if (!key || isErasedEmail(key)) return;
    const known = seen.get(key);
    if (!known) seen.set(key, { name: r.name, email: key, phone: r.phone });
    else if (!known.phone && r.phone) known.phone = r.phone;
  });
  return [...seen.values()];
}
