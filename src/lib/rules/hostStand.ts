/**
 * The door's host stand (issue 31): when a party counts as late, and how long a tap that mails a
 * guest or frees seats waits for a second tap. One place, read by tonight's list and its tests.
 */
export const HOST_STAND = {
  /** A party not arrived this many minutes after its time is late, and rises to the top of its slot. */
  lateAfterMinutes: 15,
  /** How often the list's clock ticks (late marks, time since seated). */
  clockTickMs: 30_000,
} as const;
