import { useId, useState } from 'react';
import { GUEST_SEARCH_MESSAGES } from '../../lib/rules/guestSearch';
import { plural } from './format';
import { ReservationRow, useStatusChange } from './ReservationList';
import { useGuestSearch } from './useGuestSearch';
import listStyles from './ReservationList.module.css';
import styles from './ReservationsView.module.css';

/**
 * "Find a guest" at the door (issue 11): one box for part of a name, an email or a phone number
 * (digits only), across all dates; each result has the list's own status buttons, so staff check
 * a guest in from here. A search box (enter key "search" on a tablet's keyboard), with its
 * results right under it so they show above the keyboard.
 */
export function GuestSearch() {
  const uid = useId();
  const [typed, setTyped] = useState('');
  const { state, setRowStatus } = useGuestSearch(typed);
  const { onStatus } = useStatusChange(setRowStatus);
  const rows = 'rows' in state ? state.rows : [];

  return (
    <section className={styles.search} aria-labelledby={`${uid}-label`} role="search">
      <div className={styles.field}>
        <label id={`${uid}-label`} htmlFor={`${uid}-q`}>
          {GUEST_SEARCH_MESSAGES.label}
        </label>
        <input
          id={`${uid}-q`}
          className={styles.input}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${uid}-hint ${uid}-status`}
        />
        <p id={`${uid}-hint`} className={styles.hint}>
          {GUEST_SEARCH_MESSAGES.hint}
        </p>
      </div>
      <p id={`${uid}-status`} role="status" className={styles.hint} aria-busy={state.kind === 'searching'}>
        {state.kind === 'hint' || state.kind === 'error' ? state.message : null}
        {state.kind === 'searching' ? 'Searching…' : null}
        {state.kind === 'done' ? (rows.length === 0 ? GUEST_SEARCH_MESSAGES.noMatch : `${plural(rows.length, 'reservation', 'reservations')} found`) : null}
      </p>
      {rows.length > 0 ? (
        <ul className={listStyles.list} aria-label="Guests found">
          {rows.map((r) => (
            <ReservationRow key={r.id} reservation={r} onStatus={onStatus} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
