import { useId } from 'react';
import styles from './Kiosk.module.css';

interface Props {
  /** Tonight's slots still ahead (see tonightAt). */
  slots: readonly string[];
  value: string;
  onChange: (slot: string) => void;
  invalid?: boolean;
  errorId?: string;
  firstInputId?: string;
}

/** Tonight's arrival times as one radio group of big tiles. */
export function KioskSlots({ slots, value, onChange, invalid, errorId, firstInputId }: Props) {
  const name = useId();
  return (
    <fieldset className={styles.slots} data-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend>Arrival time</legend>
      <div className={styles.slotGrid}>
        {slots.map((slot, i) => (
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
