import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { BOARD_GAME_NIGHT, LIMITS, TOAST_TITLES } from '../../lib/rules/limits';
import { formatNight, formatVenueClock } from '../../lib/venueTime';
import { useOnlineStatus } from '../outbox';
import { capacityApi } from './api';
import { staffAction } from './staffAction';
import { plural } from './format';
import { storeServerRecord } from './sync';
import { useNightSeats } from './useNightSeats';
import styles from './ReservationsView.module.css';

const SEATS_MAX = LIMITS.capacitySeatsMax;
const SAVED = "Tonight's capacity saved";
const SAVE_FAILED = "Failed to save tonight's capacity";
const SEATS_INVALID = 'Seats must be a whole number from 0 to 1000';

/**
 * Tonight's board game night: seats taken against the cap (reservations and seats held for the
 * waitlist's offers, counted as the server's check counts them: src/lib/rules/seats.ts), guests
 * arrived, and the cap itself, which staff can change for tonight (a capacity row for today's date; the server
 * checks new reservations against it). Read from the tablet's copy, with the changes waiting on
 * it, so it works offline; the cap itself is changed online only (the server checks every
 * booking against it).
 */
export function CapacityCard({ today }: { today: string }) {
  const uid = useId();
  const seats = useNightSeats(today);
  const online = useOnlineStatus();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  const cap = seats.capacity;
  const held = seats.held > 0 ? ` (${seats.held} held for the waitlist until ${formatVenueClock(new Date(seats.heldUntil))})` : '';

  async function save(event: FormEvent) {
    event.preventDefault();
    const wanted = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(wanted) || wanted < 0 || wanted > SEATS_MAX) {
      notify.error(TOAST_TITLES.error, SEATS_INVALID);
      return;
    }
    setBusy(true);
    const write = async () => {
      const saved = await capacityApi.save(seats.row, today, wanted, seats.row?.note ?? '');
      await storeServerRecord('capacity', { ...saved });
      setEditing(false);
    };
    await staffAction(write, { failure: SAVE_FAILED, success: SAVED });
    setBusy(false);
  }

  return (
    <section className={styles.capacity} aria-labelledby={`${uid}-title`}>
      <div className={styles.capacityText}>
        <h2 id={`${uid}-title`} className={styles.capacityTitle}>
          Tonight&rsquo;s {BOARD_GAME_NIGHT} <span className={styles.capacityDate}>{formatNight(today)}</span>
        </h2>
        <p className={styles.capacityNumbers}>
          <strong>{seats.taken}</strong> of <strong>{cap}</strong> seats taken{held} · {plural(seats.left, 'seat', 'seats')} left ·{' '}
          {seats.arrived} arrived
        </p>
      </div>
      {editing ? (
        <form className={styles.capacityForm} onSubmit={save} noValidate>
          <label htmlFor={`${uid}-seats`}>Seats tonight</label>
          <input
            id={`${uid}-seats`}
            className={styles.input}
            type="number"
            inputMode="numeric"
            min={0}
            max={SEATS_MAX}
            step={1}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoFocus
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)} disabled={busy}>
            Cancel
          </Button>
        </form>
      ) : (
        <Button
          variant="secondary"
          disabled={!seats.ready || !online}
          title={online ? undefined : 'Needs the connection'}
          onClick={() => {
            setDraft(String(cap));
            setEditing(true);
          }}
        >
          Change tonight&rsquo;s seats
        </Button>
      )}
    </section>
  );
}
