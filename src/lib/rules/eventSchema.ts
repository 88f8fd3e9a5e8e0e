/**
 * The events editor's schema: the server's own check (validateEventRecord in staff.ts) on the
 * typed values, so the form and the hook answer with the same message per field; the output is
 * the record as stored (text trimmed, a special event without weekday, a weekly entry without date).
 */
import { z } from 'zod';
import { toEventRecord, validateEventRecord } from './staff';

export const eventSchema = z
  .record(z.string(), z.unknown())
  .superRefine((input, ctx) => {
    for (const [field, message] of Object.entries(validateEventRecord(input))) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform(toEventRecord);
