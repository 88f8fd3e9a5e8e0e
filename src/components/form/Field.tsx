import type { ReactNode } from 'react';
import styles from './form.module.css';

/** The ids a field's parts hang on: its error, hint and note are `${id}-error`, `-hint`, `-note`. */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint`, note: `${id}-note` };
}

/** The control's aria-describedby: its error, hint and note (when shown), then any extra ids. */
export function describedBy(
  id: string,
  parts: { error?: string | undefined; hint?: ReactNode; note?: ReactNode; extra?: string | undefined },
): string | undefined {
  const ids = fieldIds(id);
  const list = [parts.error ? ids.error : '', parts.hint ? ids.hint : '', parts.note ? ids.note : '', parts.extra ?? ''].filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

/** The control's wiring to its field: id, aria-invalid and aria-describedby. */
export function controlAria(id: string, parts: { error?: string | undefined; hint?: ReactNode; note?: ReactNode; extra?: string | undefined }) {
  return { id, 'aria-invalid': parts.error ? (true as const) : undefined, 'aria-describedby': describedBy(id, parts) };
}

export interface FieldProps {
  /** The control's id: the label points at it and its messages are named after it. */
  id: string;
  label: ReactNode;
  /** '(optional)' after the label. */
  optional?: boolean;
  /** A star after the label (the form explains it once, see RequiredNote). */
  required?: boolean;
  hint?: ReactNode;
  /** Shown under the control only while there is no error. */
  hintWhenValid?: ReactNode;
  error?: string | undefined;
  /** A friendly, non-blocking note (e.g. a large group), announced politely. */
  note?: ReactNode;
  /** A plain span instead of a <label> (the control labels itself, e.g. the date button). */
  labelAs?: 'label' | 'span';
  labelId?: string;
  /** The label is read by screen readers only (a one-field row whose placeholder and button say what it is). */
  hiddenLabel?: boolean;
  children: ReactNode;
  /** Anything after the messages (seats left, a warning). */
  after?: ReactNode;
  className?: string;
}

/** One field: label (with optional or required marker), hint, the control, its error and note. */
export function Field({ id, label, optional, required, hint, hintWhenValid, error, note, labelAs = 'label', labelId, hiddenLabel, children, after, className }: FieldProps) {
  const ids = fieldIds(id);
  const content = <FieldLabelText label={label} optional={optional} required={required} />;
  const labelClass = hiddenLabel ? 'visually-hidden' : styles.label;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {labelAs === 'label' ? (
        <label htmlFor={id} id={labelId} className={labelClass}>
          {content}
        </label>
      ) : (
        <span id={labelId} className={labelClass}>
          {content}
        </span>
      )}
      {hint ? (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={ids.error} error={error} />
      {!error && hintWhenValid ? <p className={styles.hint}>{hintWhenValid}</p> : null}
      {note ? (
        <p id={ids.note} className={styles.note} role="status">
          {note}
        </p>
      ) : null}
      {after}
    </div>
  );
}

function FieldLabelText({ label, optional, required }: { label: ReactNode; optional?: boolean | undefined; required?: boolean | undefined }) {
  return (
    <>
      {label}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
      {required ? (
        <span className={styles.star} aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
}

/** A field's message, tied to its control by id. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={styles.error} data-field-error>
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17ZM9 5.5v6h2v-6H9Zm1 7.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Z" />
      </svg>
      {error}
    </p>
  );
}

/** "Fields marked * are required.", once per form that marks required fields. */
export function RequiredNote() {
  return (
    <p className={styles.requiredNote}>
      Fields marked <span aria-hidden="true">*</span>
      <span className="visually-hidden">with a star</span> are required.
    </p>
  );
}

/** A field without a label of its own (a group with its legend, e.g. TimeSlots), and its message. */
export function FieldBox({ children }: { children: ReactNode }) {
  return <div className={styles.field}>{children}</div>;
}

/** The form's fields as one group (hidden legend), disabled while sending. */
export function FieldGroup({ legend, disabled, children }: { legend: string; disabled?: boolean; children: ReactNode }) {
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className="visually-hidden">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Fields side by side on wider screens. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}
