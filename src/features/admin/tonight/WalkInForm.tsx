import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, PartySizeStepper, TextField, describedBy } from '../../../components/form';
import { LIMITS } from '../../../lib/rules/limits';
import { addWalkIn } from './addWalkIn';
import { currentSlot, walkInProblems, type Problems, type WalkIn } from './tonightChanges';
import { TimeSlotSelect } from './TimeSlotSelect';
import styles from './Tonight.module.css';

const EMPTY = { name: '', email: '', phone: '', party_size: '2', event_time: '' };

/**
 * A walk-in added from tonight's list, on the form kit (the guests' party size stepper): stored
 * on the tablet at once (arrived, marked waiting), the form closes, and a toast follows once the
 * server has answered (addWalkIn.ts); its seats are checked when it reaches the server.
 */
export function WalkInForm({ tonight, onDone }: { tonight: string; onDone: () => void }) {
  const uid = useId();
  const [values, setValues] = useState(() => ({ ...EMPTY, event_time: currentSlot() }));
  const [problems, setProblems] = useState<Problems>({});
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
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
    void addWalkIn(walkIn, tonight);
    onDone();
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
  const sizeId = `${uid}-party_size`;

  return (
    <form className={styles.walkIn} onSubmit={submit} noValidate aria-label="Add a walk-in">
      <TextField {...field('name')} label="Name" maxLength={LIMITS.nameMax} autoFocus />
      <Field id={sizeId} label="Party size" error={problems.party_size} className={styles.field}>
        <PartySizeStepper id={sizeId} value={values.party_size} onChange={(v) => setValues((s) => ({ ...s, party_size: v }))} invalid={!!problems.party_size} describedBy={describedBy(sizeId, { error: problems.party_size })} />
      </Field>
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
