import { useEffect, useId, useRef, useState } from 'react';
import type { ReservationStatus } from '../../../lib/rules/limits';
import { plural } from '../format';
import type { Shown } from '../sync';
import type { Reservation } from '../types';
import { PartyRow } from './PartyRow';
import type { SlotGroup } from './standLogic';
import styles from './Tonight.module.css';

interface Props {
  groups: SlotGroup<Shown<Reservation>>[];
  now: number;
  seatedAt: (r: Shown<Reservation>) => number | undefined;
  onPick: (party: Reservation, status: ReservationStatus) => void;
  /** fold the slots that are over and settled (not while searching or filtering) */
  fold: boolean;
}

/**
 * Tonight's parties by arrival slot: each slot's time, its parties and covers, how many are late,
 * and "Now" on the slot the night is in. A slot that is over with every party seated or settled
 * folds to its heading, so the slot in progress stays near the top; a tap opens it again.
 */
export function SlotGroups({ groups, now, seatedAt, onPick, fold }: Props) {
  const uid = useId();
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const current = groups.find((g) => g.current)?.slot;
  useCurrentSlotInView(current, uid);
  return (
    <div className={styles.slots}>
      {groups.map((g) => {
        const folded = fold && g.done && !opened.has(g.slot);
        const headId = `${uid}-${g.slot.replace(/\W/g, '')}`;
        return (
          <section key={g.slot} className={styles.slot} data-current={g.current || undefined} aria-labelledby={headId}>
            <div className={styles.slotBar}>
              <h3 id={headId} className={styles.slotHead}>
                <span className={styles.slotTime}>{g.slot}</span>
                {g.current ? <span className={styles.now}>Now</span> : null}
                <span className={styles.slotMeta}>
                  {plural(g.parties, 'party', 'parties')} · {plural(g.covers, 'cover', 'covers')}
                  {g.late ? <span className={styles.slotLate}> · {g.late} late</span> : null}
                  {folded ? ' · all seated or settled' : null}
                </span>
              </h3>
              {fold && g.done ? (
                <button type="button" className={styles.foldButton} aria-expanded={!folded} onClick={() => setOpened((s) => toggled(s, g.slot))}>
                  {folded ? `Show ${g.rows.length}` : 'Fold'}
                  <span className="visually-hidden"> parties at {g.slot}</span>
                </button>
              ) : null}
            </div>
            {!folded ? (
              <ul className={styles.rows}>
                {g.rows.map(({ party, state, late }) => (
                  <PartyRow key={party.id} party={party} state={state} late={late} seatedAt={seatedAt(party)} now={now} onPick={onPick} />
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

/**
 * When the night moves into a slot that is wholly below the screen (a long list, earlier slots
 * still open), it is scrolled to, just under the sticky bar: once per slot, never while the host
 * is typing in a field, and without motion for those who ask for less.
 */
function useCurrentSlotInView(slot: string | undefined, uid: string) {
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!slot || shown.current === slot) return;
    shown.current = slot;
    const el = document.getElementById(`${uid}-${slot.replace(/\W/g, '')}`)?.closest('section');
    const typing = document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLSelectElement;
    if (!el || typing || el.getBoundingClientRect().top < window.innerHeight) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [slot, uid]);
}

function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
}
