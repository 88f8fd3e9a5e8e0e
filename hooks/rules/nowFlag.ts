/**
 * The console commands' --now (reminders:run, retention:run): the instant to act as. Read once
 * here for the hooks' commands (hooks/lib/commands.ts) and the Go ones (server/reminders.go,
 * through the rules bundle), so both take and refuse the same texts with the same words.
 */
import { ISO_INSTANT, RETENTION_MESSAGES } from '../../src/lib/rules/guestData';
import { isIsoDate } from '../../src/lib/venueTime';

/** `raw` as an instant (now when empty), or the line to print when it is not an ISO instant with its offset. */
export function readNowFlag(raw: string, clock: () => Date = () => new Date()): { now: Date } | { error: string } {
  const text = raw.trim();
  if (!text) return { now: clock() };
  const now = new Date(text);
  if (!ISO_INSTANT.test(text) || !isRealTime(text) || isNaN(now.getTime())) return { error: `--${RETENTION_MESSAGES.badNow(text)}` };
  return { now };
}

/**
 * Its date and time exist. Engines differ on the rest: V8 reads 2026-02-30 as March 2, and goja
 * (the Go commands' runtime) may not, so neither is left to decide.
 */
function isRealTime(text: string): boolean {
  const time = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  return isIsoDate(text.slice(0, 10)) && !!time && Number(time[1]) <= 23 && Number(time[2]) <= 59 && Number(time[3] ?? 0) <= 59;
}
