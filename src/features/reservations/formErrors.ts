import type { z } from 'zod';

/** The first failing rule (the toast's message) and the first message of every field. */
export function firstIssue<F extends string>(error: z.ZodError): { field: F | null; message: string; all: Partial<Record<F, string>> } {
  const all: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as F;
    if (key && !all[key]) all[key] = issue.message;
  }
  const first = error.issues[0];
  return {
    field: first ? (String(first.path[0] ?? '') as F) || null : null,
    message: first?.message ?? '',
    all,
  };
}

/** Moves focus to a field (by element id) so keyboard and screen reader users land on it. */
export function focusField(form: HTMLFormElement | null, elementId: string): void {
  const el = form?.ownerDocument.getElementById(elementId);
  if (el instanceof HTMLElement) el.focus({ preventScroll: false });
}
