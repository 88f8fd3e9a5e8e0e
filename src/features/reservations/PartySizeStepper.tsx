import { LIMITS } from '../../lib/rules/limits';
import styles from './forms.module.css';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * People, 1 to 20, starting at 1 (SPEC §5). The buttons stay inside the range; the number can
 * also be typed, and the form's validation reports anything outside it.
 */
export function PartySizeStepper({ id, value, onChange, invalid, describedBy }: Props) {
  const n = Number.parseInt(value, 10);
  const current = Number.isFinite(n) ? n : LIMITS.partySizeMin;
  const set = (next: number) => onChange(String(Math.min(LIMITS.partySizeMax, Math.max(LIMITS.partySizeMin, next))));
  return (
    <div className={styles.stepper} data-invalid={invalid || undefined}>
      <button
        type="button"
        className={styles.stepperButton}
        aria-label="One person fewer"
        aria-controls={id}
        onClick={() => set(current - 1)}
        disabled={current <= LIMITS.partySizeMin}
      >
        −
      </button>
      <input
        id={id}
        className={styles.stepperInput}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value.replace(/[^\d-]/g, '').slice(0, 3))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp') {
            event.preventDefault();
            set(current + 1);
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            set(current - 1);
          }
        }}
      />
      <button
        type="button"
        className={styles.stepperButton}
        aria-label="One person more"
        aria-controls={id}
        onClick={() => set(current + 1)}
        disabled={current >= LIMITS.partySizeMax}
      >
        +
      </button>
    </div>
  );
}
