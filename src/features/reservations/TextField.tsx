import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './forms.module.css';

export interface TextFieldClasses {
  field?: string;
  input?: string;
  error?: string;
}

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The field's message; it is shown under the input and tied to it (`${id}-error`). */
  error?: string | undefined;
  /** More ids that describe the input (a hint, seats left). */
  describedBy?: string | undefined;
  /** Another look (the kiosk's larger fields); defaults to the site's form styles. */
  classes?: TextFieldClasses;
}

/** One labelled text input of a reservation form, with its error wired for screen readers. */
export function TextField({ id, label, value, onChange, error, describedBy, classes = {}, ...input }: Props) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classes.field ?? styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={classes.input ?? styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {error ? (
        <p id={errorId} className={classes.error ?? styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
