import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { BOARD_GAME_NIGHT, DEFAULT_NIGHTLY_CAPACITY, LIMITS, TOAST_TITLES } from '../../lib/rules/limits';
import { formatNight } from '../../lib/venueTime';
import { capacityApi } from './api';
import { staffAction } from './staffAction';
import { plural } from './format';
import type { CapacityRow, ReservationStats } from './types';
import styles from './ReservationsView.module.css';

const SEATS_MAX = LIMITS.capacitySeatsMax;
const SAVED = "Tonight's capacity saved";
const SAVE_FAILED = "Failed to save tonight's capacity";
const SEATS_INVALID = 'Seats must be a whole number from 0 to 1000';

/**
 * Tonight's board game night: seats reserved against the cap, guests arrived, and the cap
 * itself, which staff can change for tonight (a capacity row for today's date; the server
 * checks new reservations against it). The seat counts come from the server with the dashboard's
 * figures (null until they arrive).
 */
export function CapacityCard({ tonight: figures, today }: { tonight: ReservationStats['tonight'] | null; today: string }) {
  const uid = useId();
  const [rows, setRows] = useState<{ tonight?: CapacityRow; fallback?: CapacityRow } | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stale = false;
    capacityApi
      .forDate(today)
      .then((list) => {
        if (stale) return;
        setRows({ tonight: list.find((r) => r.date === today), fallback: list.find((r) => r.date === 'default') });
      })
      .catch((error) => {
        console.warn('Capacity could not be loaded', error);
        if (!stale) setRows({});
      });
    return () => {
      stale = true;
    };
  }, [today]);

  const tonight = { booked: figures?.booked ?? 0, arrived: figures?.arrived ?? 0 };

  const cap = rows?.tonight?.seats ?? rows?.fallback?.seats ?? DEFAULT_NIGHTLY_CAPACITY;
  const left = Math.max(0, cap - tonight.booked);

  async function save(event: FormEvent) {
    event.preventDefault();
    const seats = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(seats) || seats < 0 || seats > SEATS_MAX) {
      notify.error(TOAST_TITLES.error, SEATS_INVALID);
      return;
    }
    setBusy(true);
    const write = async () => {
      const saved = await capacityApi.save(rows?.tonight, today, seats, rows?.tonight?.note ?? '');
      setRows((r) => ({ ...r, tonight: saved }));
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
          <strong>{tonight.booked}</strong> of <strong>{cap}</strong> seats reserved · {plural(left, 'seat', 'seats')} left ·{' '}
          {tonight.arrived} arrived
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
          disabled={rows === null}
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
