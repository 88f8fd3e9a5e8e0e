import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styles from './forms.module.css';

/** Ids and ARIA wiring of one field: its error and hint are tied to the control. */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint`, note: `${id}-note` };
}

export function describedBy(id: string, parts: { error?: string | undefined; hint?: ReactNode; note?: ReactNode }): string | undefined {
  const ids = fieldIds(id);
  const list = [parts.error ? ids.error : '', parts.hint ? ids.hint : '', parts.note ? ids.note : ''].filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

interface ShellProps {
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  /** A friendly, non-blocking note (e.g. a large group). */
  note?: ReactNode;
  /** Renders the label as a plain span (the control labels itself, e.g. the date button). */
  labelAs?: 'label' | 'span';
  labelId?: string;
  children: ReactNode;
  className?: string;
}

export function Field({ id, label, optional, hint, error, note, labelAs = 'label', labelId, children, className }: ShellProps) {
  const ids = fieldIds(id);
  const labelContent = (
    <>
      {label}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </>
  );
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {labelAs === 'label' ? (
        <label htmlFor={id} id={labelId} className={styles.label}>
          {labelContent}
        </label>
      ) : (
        <span id={labelId} className={styles.label}>
          {labelContent}
        </span>
      )}
      {hint ? (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.error} className={styles.error} data-field-error>
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17ZM9 5.5v6h2v-6H9Zm1 7.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Z" />
          </svg>
          {error}
        </p>
      ) : null}
      {note ? (
        <p id={ids.note} className={styles.note} role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}

type Wiring = {
  id: string;
  error?: string | undefined;
  /** Space-separated ids of the field's error, hint and note (see `describedBy`). */
  describedBy?: string | undefined;
};

function aria({ id, error, describedBy: ids }: Wiring) {
  return { id, 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids };
}

export function TextInput({ id, error, describedBy: ids, className, ...rest }: Wiring & InputHTMLAttributes<HTMLInputElement>) {
  return <input className={[styles.input, className].filter(Boolean).join(' ')} {...aria({ id, error, describedBy: ids })} {...rest} />;
}

export function TextArea({ id, error, describedBy: ids, className, ...rest }: Wiring & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={[styles.input, styles.textarea, className].filter(Boolean).join(' ')}
      {...aria({ id, error, describedBy: ids })}
      {...rest}
    />
  );
}

export function Select({ id, error, describedBy: ids, className, children, ...rest }: Wiring & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={styles.selectWrap}>
      <select className={[styles.input, styles.select, className].filter(Boolean).join(' ')} {...aria({ id, error, describedBy: ids })} {...rest}>
        {children}
      </select>
      <svg className={styles.chevron} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7l1.4-1.4Z" />
      </svg>
    </div>
  );
}

/** The hidden field bots fill in (the server ignores any submission where it is not empty). */
export function Honeypot({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
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

/** Moves focus to a field by id and scrolls it into view. */
export function focusField(form: HTMLFormElement | null, id: string): void {
  const el = form?.querySelector<HTMLElement>(`#${CSS.escape(id)}`) ?? document.getElementById(id);
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}
