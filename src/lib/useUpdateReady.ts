/**
 * Whether a new version is installed and waiting, for a screen that shows the offer in its own
 * frame instead of the floating prompt (the staff tablet puts it in its header, where it never
 * covers tonight's list). The update prompt (src/app/shell/UpdatePrompt.tsx) reports it here.
 */
import { useSyncExternalStore } from 'react';

let ready = false;
const listeners = new Set<() => void>();

export function setUpdateReady(next: boolean): void {
  if (ready === next) return;
  ready = next;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(subscribe, () => ready, () => false);
}

/** Paths whose screens offer the update in their own frame. */
export const FRAMED_UPDATE_PREFIX = '/admin/';
