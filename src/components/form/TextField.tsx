import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlAria, Field, type FieldProps } from './Field';
import { Options, type Choice } from './Options';
import styles from './form.module.css';

type Shell = Pick<FieldProps, 'label' | 'optional' | 'hint' | 'error' | 'note' | 'after' | 'hintWhenValid' | 'hiddenLabel'> & {
  /** The star after the label (`required` alone only makes the browser require the value). */
  star?: boolean;
  /** A class for the field around the control (its place in the form's own grid or row). */
  fieldClassName?: string;
};
type Extra = {
  id: string;
  /** More ids that describe the control (seats left). */
  describedBy?: string | undefined;
  /**
   * Replaces the kit's look of the control (`className` adds to it): the staff screens keep their
   * denser inputs, with the kit's label, messages and wiring.
   */
  controlClassName?: string;
};

function shellOf({ label, optional, star, hint, error, note, after, hintWhenValid, hiddenLabel, fieldClassName }: Shell) {
  return { label, optional, required: star, hint, error, note, after, hintWhenValid, hiddenLabel, className: fieldClassName };
}

/** The control's classes: the kit's look (or the form's own, see `controlClassName`) plus any extra. */
function controlClass(kit: Array<string | undefined>, own: string | undefined, extra: string | undefined): string {
  return [...(own ? [own] : kit), extra].filter(Boolean).join(' ');
}

type TextFieldProps = Shell & Extra & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A labelled text input, its messages tied to it. Spread `form.register(name)` into it. */
export function TextField({ id, describedBy: extra, className, controlClassName, label, optional, star, hint, error, note, after, hintWhenValid, hiddenLabel, fieldClassName, ...input }: TextFieldProps) {
  const shell = shellOf({ label, optional, star, hint, error, note, after, hintWhenValid, hiddenLabel, fieldClassName });
  return (
    <Field id={id} {...shell}>
      <input className={controlClass([styles.input], controlClassName, className)} {...controlAria(id, { error, hint, note, extra })} {...input} />
    </Field>
  );
}

type TextAreaFieldProps = Shell & Extra & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement>; count?: ReactNode };

/** A labelled text area; `count` goes under it (see CharacterCount). */
export function TextAreaField({ id, describedBy: extra, className, controlClassName, count, label, optional, star, hint, error, note, after, hintWhenValid, hiddenLabel, fieldClassName, ...area }: TextAreaFieldProps) {
  const shell = shellOf({ label, optional, star, hint, error, note, after, hintWhenValid, hiddenLabel, fieldClassName });
  return (
    <Field id={id} {...shell}>
      <textarea className={controlClass([styles.input, styles.textarea], controlClassName, className)} {...controlAria(id, { error, hint, note, extra })} {...area} />
      {count}
    </Field>
  );
}

type SelectFieldProps = Shell &
  Extra &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    ref?: Ref<HTMLSelectElement>;
    /** The choices (see Options), instead of `<option>` children; `blank` first when given. */
    options?: readonly Choice<string>[];
    blank?: string;
    by?: string;
  };

/** A labelled select with the kit's chevron (a form with its own `controlClassName` keeps the browser's). */
export function SelectField({ id, describedBy: extra, className, controlClassName, children, options, blank, by, label, optional, star, hint, error, note, after, hintWhenValid, hiddenLabel, fieldClassName, ...select }: SelectFieldProps) {
  const shell = shellOf({ label, optional, star, hint, error, note, after, hintWhenValid, hiddenLabel, fieldClassName });
  const control = (
    <select className={controlClass([styles.input, styles.select], controlClassName, className)} {...controlAria(id, { error, hint, note, extra })} {...select}>
      {options ? <Options items={options} blank={blank} by={by} /> : children}
    </select>
  );
  return (
    <Field id={id} {...shell}>
      {controlClassName ? (
        control
      ) : (
        <div className={styles.selectWrap}>
          {control}
          <svg className={styles.chevron} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7l1.4-1.4Z" />
          </svg>
        </div>
      )}
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
