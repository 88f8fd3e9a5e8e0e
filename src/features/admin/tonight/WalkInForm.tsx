import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form';
import { notify } from '../../../components/toast';
import { LIMITS, TOAST_TITLES } from '../../../lib/rules/limits';
import { recordChange } from '../sync';
import { currentSlot, walkInChange, walkInProblems, type Problems, type WalkIn } from './tonightChanges';
import { TimeSlotSelect } from './TimeSlotSelect';
import styles from './Tonight.module.css';

const EMPTY = { name: '', email: '', phone: '', party_size: '2', event_time: '' };

/**
 * A walk-in added from tonight's list: stored on the tablet at once (arrived, marked waiting)
 * and sent with the queue; its seats are checked when it reaches the server.
 */
export function WalkInForm({ tonight, onDone }: { tonight: string; onDone: () => void }) {
  const uid = useId();
  const [values, setValues] = useState(() => ({ ...EMPTY, event_time: currentSlot() }));
  const [problems, setProblems] = useState<Problems>({});
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const size = values.party_size.trim();
    const walkIn: WalkIn = { ...values, party_size: size === '' ? NaN : Number(size) };
    const found = walkInProblems(walkIn, tonight);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    try {
      await recordChange(walkInChange(walkIn, tonight));
      notify.success('Walk-in added', `${walkIn.name.trim()}, party of ${walkIn.party_size}`);
      onDone();
    } catch (error) {
      console.error('Walk-in not stored', error);
      notify.error(TOAST_TITLES.error, 'This tablet could not store the walk-in');
    }
  }

  // The kit's field (label, message, wiring) around the staff screens' denser input.
  const field = (name: keyof typeof EMPTY) => ({
    id: `${uid}-${name}`,
    error: problems[name],
    value: values[name],
    onChange: set(name),
    autoComplete: 'off',
    controlClassName: styles.input,
    fieldClassName: styles.field,
  });

  return (
    <form className={styles.walkIn} onSubmit={(e) => void submit(e)} noValidate aria-label="Add a walk-in">
      <TextField {...field('name')} label="Name" maxLength={LIMITS.nameMax} autoFocus />
      <TextField {...field('party_size')} label="Party size" type="number" inputMode="numeric" min={LIMITS.partySizeMin} max={LIMITS.partySizeMax} step={1} />
      <TimeSlotSelect id={`${uid}-event_time`} value={values.event_time} onChange={set('event_time')} error={problems.event_time} />
      <TextField {...field('phone')} label="Phone" optional type="tel" maxLength={LIMITS.phoneMax} />
      <TextField {...field('email')} label="Email" optional type="email" maxLength={LIMITS.emailMax} />
      <div className={styles.formActions}>
        <Button type="submit">Add walk-in</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
