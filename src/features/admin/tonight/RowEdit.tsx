import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, PartySizeStepper, describedBy } from '../../../components/form';
import { notify } from '../../../components/toast';
import { TOAST_TITLES } from '../../../lib/rules/limits';
import { recordChange } from '../sync';
import type { Reservation } from '../types';
import { editChange, editProblems, type Edit } from './tonightChanges';
import { TimeSlotSelect } from './TimeSlotSelect';
import styles from './Tonight.module.css';

/**
 * A reservation's party size and time, changed from tonight's list on the form kit (the guests'
 * stepper and the night's slots); queued like any change. Opened from the row's party cell.
 */
export function RowEdit({ reservation: r, onClose }: { reservation: Reservation; onClose: () => void }) {
  const uid = useId();
  const [size, setSize] = useState(String(r.party_size));
  const [time, setTime] = useState(r.event_time);
  const [problems, setProblems] = useState<Partial<Record<keyof Edit, string>>>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const sizeId = `${uid}-party_size`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const edit: Edit = { party_size: size.trim() === '' ? NaN : Number(size), event_time: time };
    const found = editProblems(edit);
    setProblems(found);
    if (Object.keys(found).length) return;
    const change = editChange(r, edit);
    try {
      if (change) await recordChange(change);
      onClose();
    } catch (error) {
      console.error('Change not stored', error);
      notify.error(TOAST_TITLES.error, 'This tablet could not store the change');
    }
  }

  return (
    <form className={styles.rowEdit} onSubmit={(e) => void save(e)} noValidate aria-label={`Party size and time for ${r.name}`}>
      <Field id={sizeId} label="Party size" error={problems.party_size} className={styles.field}>
        <PartySizeStepper ref={first} id={sizeId} value={size} onChange={setSize} invalid={!!problems.party_size} describedBy={describedBy(sizeId, { error: problems.party_size })} />
      </Field>
      <TimeSlotSelect id={`${uid}-event_time`} value={time} onChange={(e) => setTime(e.target.value)} error={problems.event_time} />
      <div className={styles.formActions}>
        <Button type="submit">Save</Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
