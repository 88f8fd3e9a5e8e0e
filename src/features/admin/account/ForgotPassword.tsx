import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { Form, FormMessage, SubmitButton, TextField, useBusy, useSchemaForm, type Schemas } from '../../../components/form';
import { loadSchemas } from '../../../lib/rules/loadSchemas';
import type { StaffEmailInput } from '../../../lib/rules/schemas';
import { requestReset } from './accountApi';
import styles from '../AdminLogin.module.css';

type Values = { email: string };
const pickSchema = (s: Schemas) => s.staffEmailSchema;
const WARM_UP = [loadSchemas];

/**
 * "Forgot password?" on /admin/login (issue 32): asks for a reset link by mail. The answer is the
 * same whether or not an account has the email (the server's too), so the screen says "if".
 */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const uid = useId();
  const form = useSchemaForm<Values, StaffEmailInput>({ defaultValues: { email: '' }, schema: pickSchema });
  const [sent, setSent] = useState('');
  const { busy, state, run } = useBusy();
  const { setFocus } = form;

  useEffect(() => setFocus('email'), [setFocus]);

  const onValid = ({ email }: StaffEmailInput) =>
    run(async () => {
      const answer = await requestReset(email);
      setSent(answer.ok ? answer.message : '');
      if (!answer.ok) form.showErrors({ email: answer.message }, { focus: true });
    });

  return (
    <Form form={form} onValid={onValid} warmUp={WARM_UP} busy={busy} noValidate aria-labelledby={`${uid}-title`} className={`${styles.panel} ${styles.stack}`}>
      <h2 id={`${uid}-title`} className={styles.stepTitle}>
        Forgot your password?
      </h2>
      <p className={styles.intro}>Enter your staff email. We&rsquo;ll email you a link to set a new password.</p>
      <FormMessage>{sent}</FormMessage>
      <TextField
        id={form.idOf('email')}
        error={form.errorOf('email')}
        {...form.register('email')}
        label="Email"
        controlClassName={styles.input}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <SubmitButton state={state} size="lg" block label="Send reset link" busyLabel="Sending..." />
      <div className={styles.stepActions}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back to login
        </Button>
      </div>
    </Form>
  );
}
