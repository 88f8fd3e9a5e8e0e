import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
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
    const found = walkInProblems(walkIn);
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

  const field = (name: keyof typeof EMPTY, label: string, extra: Record<string, unknown> = {}) => (
    <div className={styles.field}>
      <label htmlFor={`${uid}-${name}`}>{label}</label>
      <input
        id={`${uid}-${name}`}
        className={styles.input}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${uid}-${name}-error` : undefined}
        {...extra}
      />
      {problems[name] ? (
        <p id={`${uid}-${name}-error`} className={styles.error}>
          {problems[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className={styles.walkIn} onSubmit={(e) => void submit(e)} noValidate aria-label="Add a walk-in">
      {field('name', 'Name', { autoComplete: 'off', maxLength: LIMITS.nameMax, autoFocus: true })}
      {field('party_size', 'Party size', { type: 'number', inputMode: 'numeric', min: LIMITS.partySizeMin, max: LIMITS.partySizeMax, step: 1 })}
      <TimeSlotSelect id={`${uid}-event_time`} value={values.event_time} onChange={set('event_time')} error={problems.event_time} />
      {field('phone', 'Phone (optional)', { type: 'tel', autoComplete: 'off', maxLength: LIMITS.phoneMax })}
      {field('email', 'Email (optional)', { type: 'email', autoComplete: 'off', maxLength: LIMITS.emailMax })}
      <div className={styles.formActions}>
        <Button type="submit">Add walk-in</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
