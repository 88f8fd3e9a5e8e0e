import { useId } from 'react';
import { TIME_SLOTS } from '../../lib/rules/limits';
import styles from './forms.module.css';

interface Props {
  value: string;
  onChange: (slot: string) => void;
  invalid?: boolean;
  errorId?: string;
  firstInputId?: string;
}

/** The 12 half-hour arrival times, 6:00 PM to 11:30 PM, as one radio group. */
export function TimeSlots({ value, onChange, invalid, errorId, firstInputId }: Props) {
  const name = useId();
  return (
    <fieldset className={styles.slots} data-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend>Arrival time</legend>
      <div className={styles.slotGrid}>
        {TIME_SLOTS.map((slot, i) => (
          <label key={slot} className={styles.slot}>
            <input
              type="radio"
              name={name}
              value={slot}
              id={i === 0 ? firstInputId : undefined}
              checked={value === slot}
              onChange={() => onChange(slot)}
            />
            <span>{slot}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
