/**
 * The day-of reminder (issue 12). From REMINDER_HOUR venue time on a venue night, every
 * confirmed reservation of that night that was made early enough gets one 'reservation_reminder'
 * mail (the rules: S.dueReminders). Exactly once, whatever the restarts and however many server
 * instances (or console runs) share the database: each reservation is claimed by a conditional
 * UPDATE … WHERE reminded_at = '' in the same transaction as its outbox insert, so only the one
 * claim that changed the row queues a mail, and a rollback leaves it unclaimed for the next run.
 * Run by the cron in hooks/register/reminders.pb.ts and by `venue-server reminders:run --now=…`.
 */
import * as S from '../rules';
import * as Ids from './ids';
import * as Rows from './rows';
import * as Tx from './write-queue';
import * as O from './outbox';

/** A reservation the reminder rules read, with what its mail job needs. */
type Candidate = S.ReminderCandidate & { id: string; email: string };

/** The night's confirmed, unreminded reservations, as the rules read them. */
function candidates(app: CoreApp, night: string): Candidate[] {
  const rows = Rows.rowsOf({ id: '', email: '', event_date: '', event_time: '', status: '', reminded_at: '', created: '' });
  app
    .db()
    .newQuery(
      'SELECT id, email, event_date, event_time, status, reminded_at, created FROM reservations ' +
        "WHERE event_date = {:night} AND status = 'confirmed' AND reminded_at = '' ORDER BY created",
    )
    .bind({ night })
    .all(rows);
  return rows.map((r) => ({ id: r.id, email: r.email, event_date: r.event_date, event_time: r.event_time, status: r.status, reminded_at: r.reminded_at, created: r.created }));
}

/** Claims one reservation and queues its reminder in one transaction; true when this call queued it. */
function claimAndQueue(reservation: Candidate): boolean {
  let queued = false;
  Tx.inWriteTransaction((tx) => {
      const claimed = tx
        .db()
        .newQuery("UPDATE reservations SET reminded_at = {:at} WHERE id = {:id} AND reminded_at = '' AND status = 'confirmed'")
        .bind({ at: Ids.stamp(), id: reservation.id })
        .execute()
        .rowsAffected();
      if (claimed !== 1) return;
      O.enqueue(tx, 'reservations', reservation.id, [
        // Keyed by its night: one reminder per reservation and night (idx_outbox_job).
        { kind: 'mail', template: 'reservation_reminder', key: reservation.event_date, recipient: reservation.email, payload: '{}' },
      ]);
      queued = true;
  });
  return queued;
}

/**
 * Queues the reminders due at `now` (a Date; default the real time). Returns
 * { night, due, queued }: the night whose reminders are due ('' before REMINDER_HOUR), how many
 * reservations were due, and how many this call queued (the others were claimed meanwhile).
 */
export function queueDayOfReminders(app: CoreApp, now?: Date): { night: string; due: number; queued: number } {
  const at = now || new Date();
  const night = S.reminderNightAt(at);
  if (!night) return { night: '', due: 0, queued: 0 };
  const due = S.dueReminders(candidates(app, night), at);
  let queued = 0;
  due.forEach((r) => {
    if (claimAndQueue(r)) queued += 1;
  });
  return { night, due: due.length, queued };
}

