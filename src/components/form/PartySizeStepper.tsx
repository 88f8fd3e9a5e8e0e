import type { Ref } from 'react';
import { LIMITS } from '../../lib/rules/limits';
import styles from './form.module.css';

interface Props {
  id: string;
  /** As typed (text), so a half-typed number is kept; the schema checks it. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  min?: number;
  max?: number;
  /** 'lg': the kiosk's larger buttons. */
  size?: 'md' | 'lg';
  ref?: Ref<HTMLInputElement>;
}

/**
 * People, 1 to 20, starting at 1 (SPEC §5). The buttons and the arrow keys stay inside the
 * range; the number can also be typed, and the form's validation reports anything outside it.
 */
export function PartySizeStepper({ id, value, onChange, invalid, describedBy, min = LIMITS.partySizeMin, max = LIMITS.partySizeMax, size = 'md', ref }: Props) {
  const n = Number.parseInt(value, 10);
  const current = Number.isFinite(n) ? n : min;
  const set = (next: number) => onChange(String(Math.min(max, Math.max(min, next))));
  return (
    <div className={styles.stepper} data-size={size === 'md' ? undefined : size} data-invalid={invalid || undefined}>
      <button type="button" className={styles.stepperButton} aria-label="One person fewer" aria-controls={id} onClick={() => set(current - 1)} disabled={current <= min}>
        −
      </button>
      <input
        ref={ref}
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
          if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          set(current + (event.key === 'ArrowUp' ? 1 : -1));
        }}
      />
      <button type="button" className={styles.stepperButton} aria-label="One person more" aria-controls={id} onClick={() => set(current + 1)} disabled={current >= max}>
        +
      </button>
    </div>
  );
}
