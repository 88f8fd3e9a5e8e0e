import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form';
import { notify } from '../../../components/toast';
import { LIMITS, TOAST_TITLES } from '../../../lib/rules/limits';
import { recordChange } from '../sync';
import type { Reservation } from '../types';
import { editChange, editProblems, type Edit } from './tonightChanges';
import { TimeSlotSelect } from './TimeSlotSelect';
import styles from './Tonight.module.css';

/** A reservation's party size and time, changed from tonight's list (queued like any change). */
export function RowEdit({ reservation: r }: { reservation: Reservation }) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState(String(r.party_size));
  const [time, setTime] = useState(r.event_time);
  const [problems, setProblems] = useState<Partial<Record<keyof Edit, string>>>({});

  if (!open)
    return (
      <Button
        variant="ghost"
        className={styles.editButton}
        onClick={() => {
          setSize(String(r.party_size));
          setTime(r.event_time);
          setProblems({});
          setOpen(true);
        }}
      >
        Party size and time<span className="visually-hidden"> for {r.name}</span>
      </Button>
    );

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const edit: Edit = { party_size: size.trim() === '' ? NaN : Number(size), event_time: time };
    const found = editProblems(edit);
    setProblems(found);
    if (Object.keys(found).length) return;
    const change = editChange(r, edit);
    try {
      if (change) await recordChange(change);
      setOpen(false);
    } catch (error) {
      console.error('Change not stored', error);
      notify.error(TOAST_TITLES.error, 'This tablet could not store the change');
    }
  }

  return (
    <form className={styles.rowEdit} onSubmit={(e) => void save(e)} noValidate aria-label={`Party size and time for ${r.name}`}>
      <TextField
        id={`${uid}-party_size`}
        label="Party size"
        error={problems.party_size}
        controlClassName={styles.input}
        fieldClassName={styles.field}
        type="number"
        inputMode="numeric"
        min={LIMITS.partySizeMin}
        max={LIMITS.partySizeMax}
        step={1}
        value={size}
        onChange={(e) => setSize(e.target.value)}
        autoFocus
      />
      <TimeSlotSelect id={`${uid}-event_time`} value={time} onChange={(e) => setTime(e.target.value)} error={problems.event_time} />
      <div className={styles.formActions}>
        <Button type="submit">Save</Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
