/**
 * The staff editors' schemas. The events editor's: the server's own check (validateEventRecord in staff.ts) on the
 * typed values, so the form and the hook answer with the same message per field; the output is
 * the record as stored (text trimmed, a special event without weekday, a weekly entry without date).
 */
import { z } from 'zod';
import { toEventRecord, validateEventRecord, validateInboxUpdate, type EventDateContext } from './staff';
import type { FieldErrors } from './fieldChecks';

/** A zod schema whose one check is a server validator: each field's message is the server's. */
const byValidator = (validate: (input: Record<string, unknown>) => FieldErrors) =>
  z.record(z.string(), z.unknown()).superRefine((input, ctx) => {
    for (const [field, message] of Object.entries(validate(input))) ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** The events editor's schema as of `context` (today's night, the edited event's stored date). */
export const eventSchemaFor = (context: EventDateContext) => byValidator((input) => validateEventRecord(input, context)).transform(toEventRecord);

/** The inbox's staff note (and status): the note is kept trimmed. */
export const inboxNoteSchema = byValidator(validateInboxUpdate).transform((v) => ({ note: typeof v.note === 'string' ? v.note.trim() : '' }));
