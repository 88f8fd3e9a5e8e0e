/**
 * What the door kiosk offers at `now`: the shared walk-in rule (src/lib/rules/walkIns.ts: tonight's
 * open tables, from the weekly schedule staff edit, read live and kept for offline use by
 * useEvents), and the guest's name as the kiosk greets them.
 */
import { walkInsAt, type WalkIns } from '../../lib/rules/walkIns';
import { useEvents } from '../events';

export interface Tonight {
  walkIns: WalkIns;
  /** The venue night, yyyy-MM-dd. */
  night: string;
  /** The listed times still ahead (none when closed). */
  slots: string[];
  /** Open, but the listed times have passed: the guest arrives now. */
  arrivingNow: boolean;
}

export function useTonight(now: Date): Tonight {
  const walkIns = walkInsAt(useEvents().events, now);
  const slots = walkIns.open ? walkIns.slots : [];
  return { walkIns, night: walkIns.night, slots, arrivingNow: walkIns.open && slots.length === 0 };
}

/** 'Ada' from '  Ada   Lovelace '; the whole trimmed name when it has no spaces. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
