import { useCallback, useRef, useState } from 'react';
import { useSubmission } from '../../components/form';
import { notify } from '../../components/toast';
import type { Night } from '../../lib/api/availability';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { isCapacityCode } from '../../lib/rules/refusals';
import { WAITLIST_MESSAGES } from '../../lib/rules/waitlist';
import { formatNight } from '../../lib/venueTime';
import { requestJson } from '../../lib/api/json';
import { isOnline } from '../outbox';

export interface WaitlistJoin {
  name: string;
  email: string;
  phone?: string | undefined;
  party_size: number;
  event_date: string;
  event_time: string;
  /** The form's honeypot: the server ignores an entry that fills it. */
  website?: string;
}

/**
 * What the guest reads once the entry is stored (with its place in line) or saved on the device;
 * a saved one carries its outbox id and night, so its panel follows it until it is sent.
 */
export type WaitlistOutcome = { kind: 'joined'; message: string } | { kind: 'queued'; message: string; id: string; date: string };

/** The availability already loaded says the party does not fit the night. */
export function cannotFit(night: Night | undefined, partySize: number): boolean {
  return !!night && (night.seatsLeft <= 0 || (Number.isFinite(partySize) && partySize > night.seatsLeft));
}

/**
 * The server (or the queue) refused a reservation because the night is full or too few seats are
 * left: decided by the refusal's code (night_full, not_enough_seats), never by its words.
 */
export function isCapacityRefusal(refusal: { code?: string | undefined }): boolean {
  return isCapacityCode(refusal.code);
}

/** The entry's place in line, read by its id (no personal data); null when it cannot be read. */
export async function placeInLine(id: string): Promise<number | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const { status, body } = await requestJson(`/api/waitlist/entry/${encodeURIComponent(id)}`);
      if (status === 200 && typeof body.position === 'number') return body.position;
    } catch {
      // try once more
    }
  }
  return null;
}

/**
 * A board game night form's waitlist (issue 12): offered when the chosen night cannot fit the
 * party (availability, or a capacity refusal of the reservation), sent with the form's fields to
 * the `waitlist` collection through the offline outbox (a client id: stored exactly once), and
 * acknowledged with the place in line, or as saved on the device when offline.
 */
export function useWaitlist(source: 'web' | 'kiosk') {
  const submission = useSubmission('waitlist');
  const pressed = useRef(false);
  const [refusedFor, setRefusedFor] = useState('');
  const [outcome, setOutcome] = useState<WaitlistOutcome | null>(null);

  /** Whether to offer the waitlist for this night and party. */
  const offered = (date: string, partySize: number, night: Night | undefined) =>
    date !== '' && (cannotFit(night, partySize) || refusedFor === `${date}|${partySize}`);

  /** The join button was pressed: the form's next valid submit goes to the waitlist (read once by `takeChoice`). */
  const choose = useCallback(() => {
    pressed.current = true;
  }, []);
  const takeChoice = useCallback(() => {
    const chosen = pressed.current;
    pressed.current = false;
    return chosen;
  }, []);

  /** A reservation came back refused: a full night (or too few seats) offers the waitlist for it. */
  const noteRefusal = (refusal: { code?: string | undefined }, date: string, partySize: number) => {
    if (isCapacityRefusal(refusal)) setRefusedFor(`${date}|${partySize}`);
  };

  const settle = (next: WaitlistOutcome) => {
    setOutcome(next);
    return next;
  };
  const join = async (entry: WaitlistJoin, form: { showErrors: (messages: Partial<Record<string, string>>) => void }): Promise<WaitlistOutcome | null> => {
    const night = formatNight(entry.event_date);
    const body = { ...entry, phone: entry.phone ?? '', source };
    const result = await submission.submit(body, `Waitlist · ${night} at ${entry.event_time} · ${entry.party_size} ${entry.party_size === 1 ? 'person' : 'people'}`);
    if (result.kind === 'queued') {
      // Said until the live panel loads: why it waits (a restore, the server out of reach, offline).
      const message = result.restoring ? BACKUP_MESSAGES.restoring : isOnline() ? WAITLIST_MESSAGES.joinRetrying(night) : WAITLIST_MESSAGES.joinQueued(night);
      return settle({ kind: 'queued', message, id: result.id, date: entry.event_date });
    }
    if (result.kind === 'delivered') {
      const position = await placeInLine(result.id);
      const message = position ? WAITLIST_MESSAGES.joined(night, position) : WAITLIST_MESSAGES.joinedNoPosition(night);
      return settle({ kind: 'joined', message });
    }
    if (result.kind === 'failed') {
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.reservationCreate);
      return null;
    }
    console.error(`[${source}] waitlist entry rejected`, result.message, result.fieldErrors);
    form.showErrors(result.fieldErrors);
    notify.error(TOAST_TITLES.error, result.message || FAILURE_MESSAGES.reservationSave);
    return null;
  };

  const resetSubmission = submission.reset;
  const reset = useCallback(() => {
    setOutcome(null);
    setRefusedFor('');
    resetSubmission();
  }, [resetSubmission]);

  return { submission, offered, choose, takeChoice, noteRefusal, join, outcome, reset };
}
