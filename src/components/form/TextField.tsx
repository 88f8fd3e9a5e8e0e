import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlAria, Field, type FieldProps } from './Field';
import styles from './form.module.css';

type Shell = Pick<FieldProps, 'label' | 'optional' | 'hint' | 'error' | 'note' | 'after' | 'hintWhenValid'> & {
  /** The star after the label (`required` alone only makes the browser require the value). */
  star?: boolean;
};
type Extra = { id: string; /** More ids that describe the control (seats left). */ describedBy?: string | undefined };

function shellOf({ label, optional, star, hint, error, note, after, hintWhenValid }: Shell) {
  return { label, optional, required: star, hint, error, note, after, hintWhenValid };
}

type TextFieldProps = Shell & Extra & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A labelled text input, its messages tied to it. Spread `form.register(name)` into it. */
export function TextField({ id, describedBy: extra, className, label, optional, star, hint, error, note, after, hintWhenValid, ...input }: TextFieldProps) {
  const shell = shellOf({ label, optional, star, hint, error, note, after, hintWhenValid });
  return (
    <Field id={id} {...shell}>
      <input className={[styles.input, className].filter(Boolean).join(' ')} {...controlAria(id, { error, hint, note, extra })} {...input} />
    </Field>
  );
}

type TextAreaFieldProps = Shell & Extra & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement>; count?: ReactNode };

/** A labelled text area; `count` goes under it (see CharacterCount). */
export function TextAreaField({ id, describedBy: extra, className, count, label, optional, star, hint, error, note, after, hintWhenValid, ...area }: TextAreaFieldProps) {
  const shell = shellOf({ label, optional, star, hint, error, note, after, hintWhenValid });
  return (
    <Field id={id} {...shell}>
      <textarea className={[styles.input, styles.textarea, className].filter(Boolean).join(' ')} {...controlAria(id, { error, hint, note, extra })} {...area} />
      {count}
    </Field>
  );
}

type SelectFieldProps = Shell & Extra & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { ref?: Ref<HTMLSelectElement> };

/** A labelled select with the kit's chevron. */
export function SelectField({ id, describedBy: extra, className, children, label, optional, star, hint, error, note, after, hintWhenValid, ...select }: SelectFieldProps) {
  const shell = shellOf({ label, optional, star, hint, error, note, after, hintWhenValid });
  return (
    <Field id={id} {...shell}>
      <div className={styles.selectWrap}>
        <select className={[styles.input, styles.select, className].filter(Boolean).join(' ')} {...controlAria(id, { error, hint, note, extra })} {...select}>
          {children}
        </select>
        <svg className={styles.chevron} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7l1.4-1.4Z" />
        </svg>
      </div>
    </Field>
  );
}

/** "120 / 2000" under a text area, announced only when near the limit. */
export function CharacterCount({ value, min, max }: { value: string; min?: number; max: number }) {
  const length = value.trim().length;
  const near = length > max * 0.9;
  const short = min !== undefined && length > 0 && length < min;
  return (
    <span className={[styles.count, near || length > max ? styles.countWarn : ''].join(' ')} aria-live={near ? 'polite' : 'off'}>
      {short ? `${min - length} more to go · ` : ''}
      {length} / {max}
    </span>
  );
}
