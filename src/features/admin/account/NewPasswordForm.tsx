import { useState } from 'react';
import { ButtonLink } from '../../../components/Button';
import { Field, Form, FormMessage, SubmitButton, TextField, controlAria, useBusy, useSchemaForm, type Schemas } from '../../../components/form';
import { loadSchemas } from '../../../lib/rules/loadSchemas';
import type { NewPasswordInput } from '../../../lib/rules/schemas';
import { LIMITS } from '../../../lib/rules/limits';
import { STAFF_ACCOUNT_MESSAGES } from '../../../lib/rules/staffAccounts';
import { LOGIN_PATH } from '../AdminDashboard';
import type { SetPassword } from './accountApi';
import styles from '../AdminLogin.module.css';

type Values = { password: string; confirm: string };
const EMPTY: Values = { password: '', confirm: '' };
const pickSchema = (s: Schemas) => s.newPasswordSchema;
const WARM_UP = [loadSchemas];
const HINT = `At least ${LIMITS.passwordMin} characters.`;

/** The link's token, from the page's address (?token=…); '' when missing. */
export function tokenFromLocation(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/**
 * A new password and its confirmation (the sign-up's rule, SPEC §5), for the reset and invitation
 * links: checked here with the shared rule (newPasswordSchema), then by the server. The error
 * sits under the password and takes focus; once done, the page says so and offers the login.
 */
export function NewPasswordForm({ token, submit, label, busyLabel, done }: { token: string; submit: SetPassword; label: string; busyLabel: string; done: string }) {
  const form = useSchemaForm<Values, NewPasswordInput>({ defaultValues: EMPTY, schema: pickSchema });
  const [show, setShow] = useState(false);
  const [finished, setFinished] = useState(false);
  const { busy, state, run } = useBusy();

  if (!token) return <LinkProblem message={STAFF_ACCOUNT_MESSAGES.linkMissing} />;
  if (finished) {
    return (
      <div className={`${styles.panel} ${styles.stack}`}>
        <FormMessage>{done}</FormMessage>
        <ButtonLink href={LOGIN_PATH} size="lg" block>
          Go to the login
        </ButtonLink>
      </div>
    );
  }

  const onValid = ({ password, confirm }: NewPasswordInput) =>
    run(async () => {
      const failure = await submit(token, password, confirm);
      if (failure) form.showErrors({ password: failure }, { focus: true });
      else setFinished(true);
    });

  const id = form.idOf('password');
  const error = form.errorOf('password');
  return (
    <Form form={form} onValid={onValid} warmUp={WARM_UP} busy={busy} noValidate className={`${styles.panel} ${styles.stack}`}>
      <Field id={id} label="New password" error={error} hint={HINT}>
        <div className={styles.passwordRow}>
          <input className={styles.input} {...controlAria(id, { error, hint: HINT })} {...form.register('password')} type={show ? 'text' : 'password'} autoComplete="new-password" required />
          <button type="button" className={styles.reveal} aria-pressed={show} onClick={() => setShow((v) => !v)}>
            {show ? 'Hide' : 'Show'}
            <span className="visually-hidden"> passwords</span>
          </button>
        </div>
      </Field>
      <TextField id={form.idOf('confirm')} {...form.register('confirm')} label="New password again" controlClassName={styles.input} type={show ? 'text' : 'password'} autoComplete="new-password" required />
      <SubmitButton state={state} size="lg" block label={label} busyLabel={busyLabel} />
    </Form>
  );
}

/** A link that cannot work (incomplete): what to do instead. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div className={`${styles.panel} ${styles.stack}`}>
      <FormMessage kind="error" alert>
        {message}
      </FormMessage>
      <ButtonLink href={LOGIN_PATH} variant="secondary" size="lg" block>
        Go to the login
      </ButtonLink>
    </div>
  );
}
