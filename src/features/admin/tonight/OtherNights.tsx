import { GUEST_SEARCH_MESSAGES } from '../../../lib/rules/guestSearch';
import { useOnlineStatus } from '../../outbox';
import { plural } from '../format';
import { GuestDataActions } from '../guest-data/GuestDataActions';
import { syncNow } from '../sync';
import { useStatusChange } from '../ReservationList';
import { useGuestSearch } from '../useGuestSearch';
import { useConfirmStatus } from './ConfirmStatus';
import { PartyRow } from './PartyRow';
import styles from './Tonight.module.css';

/**
 * "Find a guest" beyond tonight: the server's search over every night (online only), its rows
 * one line each like tonight's, minus the parties tonight's list already shows. Offline, one
 * line says the other nights need the connection. Under it, for owners, each guest found can be
 * exported or forgotten (guest-data/), tonight's parties included.
 */
export function OtherNights({ query, tonightIds, now }: { query: string; tonightIds: ReadonlySet<string>; now: number }) {
  const online = useOnlineStatus();
  const { state, setRowStatus, refresh } = useGuestSearch(online ? query : '');
  const { onStatus } = useStatusChange(setRowStatus);
  const { pick, confirmDialog } = useConfirmStatus(onStatus);
  const rows = ('rows' in state ? state.rows : []).filter((r) => !tonightIds.has(r.id));

  let line: string;
  if (!online) line = 'Other nights: the search needs the connection.';
  else if (state.kind === 'hint' || state.kind === 'error') line = state.message;
  else if (state.kind === 'searching') line = 'Searching every night…';
  else if (state.kind === 'done') line = rows.length === 0 ? `Other nights: ${GUEST_SEARCH_MESSAGES.noMatch}` : `Other nights: ${plural(rows.length, 'reservation', 'reservations')} found`;
  else line = '';

  return (
    <section className={styles.others} aria-label="Other nights" aria-busy={state.kind === 'searching'}>
      <p className={styles.othersTitle} role="status">
        {line}
      </p>
      {rows.length > 0 ? (
        <ul className={styles.rows} aria-label="Guests found">
          {rows.map((r) => (
            <PartyRow key={r.id} party={r} state={r.status === 'confirmed' ? 'expected' : r.status} now={now} otherNight onPick={pick} />
          ))}
        </ul>
      ) : null}
      {confirmDialog}
      {online ? (
        <GuestDataActions
          // A new query starts afresh; a refresh after a forget keeps the answer on screen.
          key={query}
          rows={'rows' in state ? state.rows : []}
          onForgotten={() => {
            // The search forgets them now; this tablet's copy at once, the others at their next pull.
            refresh();
            void syncNow();
          }}
        />
      ) : null}
    </section>
  );
}
