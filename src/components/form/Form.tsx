import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useWarmUp } from '../../lib/useWarmUp';
import { focusControl } from './focus';
import type { FirstError, SchemaForm } from './useSchemaForm';
import styles from './form.module.css';

export type FormLook = 'compact' | 'roomy';
export type FormSize = 'md' | 'lg';

interface Props<V extends FieldValues, Out> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'> {
  form: SchemaForm<V, Out>;
  /** Runs with the schema's output once every field passes. */
  onValid: (data: Out) => Promise<void> | void;
  /** After a failed check: the first failing field (already focused) and its message, for the toast. */
  onInvalid?: (first: FirstError<V>, errors: FieldErrors<V>) => void;
  /** What submitting needs (schemas, the outbox, toasts, the calendar), loaded while the guest is online (see useWarmUp). */
  warmUp?: ReadonlyArray<() => Promise<unknown>>;
  /** Whether the form may be sent at all (e.g. until its required fields are filled). */
  canSubmit?: boolean;
  /** Sending (useSubmission's or useBusy's `busy`): `aria-busy`, and a submit is ignored. */
  busy?: boolean;
  look?: FormLook;
  /** Replaces the kit's one-column grid (a form with its own layout, e.g. the kiosk's two columns). */
  className?: string;
  size?: FormSize;
  children: ReactNode;
}

const NOTHING_TO_WARM: ReadonlyArray<() => Promise<unknown>> = [];

/**
 * A form of the kit: react-hook-form with a lazily loaded zod schema (useSchemaForm). A second
 * submit while one is still running is ignored; a failed check focuses the first failing field.
 * Carries `data-ready-offline` once its warm-up is done (a guest whose signal drops can still send).
 */
export function Form<V extends FieldValues, Out>({ form, onValid, onInvalid, warmUp = NOTHING_TO_WARM, canSubmit = true, busy = false, look = 'compact', size = 'md', className, children, ...rest }: Props<V, Out>) {
  const { warm, ready } = useWarmUp(warmUp);
  const submit = useSingleFlight(async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || busy) return;
    await form.handleSubmit(onValid, (errors) => {
      const first = form.firstError(errors);
      if (first.field) focusControl(form.idOf(first.field));
      onInvalid?.(first, errors);
    })(event);
  });
  return (
    <FormProvider {...form}>
      <form
        className={className ?? styles.form}
        onSubmit={submit}
        onFocusCapture={warmUp.length ? warm : undefined}
        data-ready-offline={(warmUp.length && ready) || undefined}
        data-look={look === 'compact' ? undefined : look}
        data-size={size === 'md' ? undefined : size}
        aria-busy={busy || undefined}
        {...rest}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** The hidden field bots fill in (the server ignores any submission where it is not empty). */
export function Honeypot({ id, label = 'Website (leave empty)', register }: { id: string; label?: string; register: object }) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...register} />
    </div>
  );
}

/**
 * The server's answer to the whole form (sent, or why not), as opposed to a field's message. It
 * stays mounted while empty (hidden) so that the next answer is announced; `alert` for one that
 * stops the form altogether (a broken link).
 */
export function FormMessage({ kind = 'ok', alert, children }: { kind?: 'ok' | 'error'; alert?: boolean; children?: ReactNode }) {
  return (
    <p role={alert ? 'alert' : 'status'} className={styles.message} data-kind={kind === 'error' ? kind : undefined} hidden={!children}>
      {children}
    </p>
  );
}

/** The submit button and the fine print under it. */
export function SubmitRow({ children, fineprint }: { children: ReactNode; fineprint?: ReactNode }) {
  return (
    <div className={styles.submitRow}>
      {children}
      {fineprint ? <p className={styles.fineprint}>{fineprint}</p> : null}
    </div>
  );
}
