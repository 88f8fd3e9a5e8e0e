import { useId, type Ref } from 'react';
import { TIME_SLOTS } from '../../lib/rules/limits';
import styles from './form.module.css';

interface Props {
  /** The times to offer (default: the 12 half-hour slots, 6:00 PM to 11:30 PM). */
  slots?: readonly string[];
  value: string;
  onChange: (slot: string) => void;
  invalid?: boolean;
  /** The id of the group's message (described while invalid). */
  errorId?: string;
  /** The first radio's id (focused when the field is reported). */
  firstInputId?: string;
  legend?: string;
  /** 'lg': the kiosk's big tiles. */
  size?: 'md' | 'lg';
  ref?: Ref<HTMLInputElement>;
}

/**
 * Arrival times as one radio group: Tab reaches the group, the arrow keys move between times
 * (the browser's own radio behaviour), Space chooses.
 */
export function TimeSlots({ slots = TIME_SLOTS, value, onChange, invalid, errorId, firstInputId, legend = 'Arrival time', size = 'md', ref }: Props) {
  const name = useId();
  return (
    <fieldset className={styles.slots} data-size={size === 'md' ? undefined : size} data-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className={styles.slotGrid}>
        {slots.map((slot, i) => (
          <label key={slot} className={styles.slot}>
            <input
              type="radio"
              name={name}
              value={slot}
              id={i === 0 ? firstInputId : undefined}
              ref={i === 0 ? ref : undefined}
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
