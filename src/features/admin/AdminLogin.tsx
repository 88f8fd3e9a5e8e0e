import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Field, Form, SubmitButton, TextField, controlAria, useBusy, useSchemaForm, type Schemas } from '../../components/form';
import { notify } from '../../components/toast';
import { ACCESS_MESSAGES, SUCCESS_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { forgetStaffApp } from '../../lib/staffAppCache';
import type { LoginInput } from '../../lib/rules/schemas';
import { authErrorMessage, currentUser, hasAdminRole, signOut, signUp, type StaffUser } from './session';
import { AccountCard } from './account/AccountCard';
import { StaffCodeStep } from './StaffCodeStep';
import { ForgotPassword } from './account/ForgotPassword';
import { TabList } from './TabList';
import { limitMessage, startSignIn, type CodeChallenge } from './twoFactor';
import styles from './AdminLogin.module.css';

type Mode = 'login' | 'signup';

const TABS: { id: Mode; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
];

export const DASHBOARD_PATH = '/admin/dashboard';

type Values = { email: string; password: string };
const EMPTY: Values = { email: '', password: '' };
const pickSchema = (s: Schemas) => s.loginSchema;

/**
 * /admin/login (SPEC §2, §4 "Admin sign-in", §5, §8): Login and Sign Up tabs, each with email
 * and password. Sign-up creates an account only; a login without an admin role signs out again.
 */
export function AdminLogin() {
  const uid = useId();
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<Mode>('login');
  const form = useSchemaForm<Values, LoginInput>({ defaultValues: EMPTY, schema: pickSchema });
  const [showPassword, setShowPassword] = useState(false);
  const { busy, state, run } = useBusy();
  // Set after a correct admin password: the emailed code completes the sign-in (StaffCodeStep).
  const [challenge, setChallenge] = useState<CodeChallenge | null>(null);
  // "Forgot password?": the reset request replaces the tabs until "Back to login".
  const [forgot, setForgot] = useState(false);

  // An admin who is already signed in goes straight to the dashboard. With nobody signed in, the
  // staff app has no business on this device: a sign-out whose tab closed before its own delete
  // ran (or a session cleared while no dashboard was open) leaves no staff files behind.
  useEffect(() => {
    const user = currentUser();
    if (!user) {
      void forgetStaffApp();
      return;
    }
    let stale = false;
    hasAdminRole(user.id)
      .then((isAdmin) => {
        if (!stale && isAdmin) navigate(DASHBOARD_PATH, { replace: true });
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [navigate]);

  const tabId = (m: Mode) => `${uid}-tab-${m}`;
  const panelId = `${uid}-panel`;

  const onValid = (data: LoginInput) =>
    run(async () => {
      try {
        if (mode === 'signup') {
          await signUp(data.email, data.password);
          form.reset(EMPTY);
          notify.success(TOAST_TITLES.accountCreated, SUCCESS_MESSAGES.accountCreated);
          return;
        }
        const step = await startSignIn(data.email, data.password);
        if (step.kind === 'code') {
          form.reset(EMPTY);
          setChallenge(step.challenge);
          return;
        }
        await enter(step.user);
      } catch (error) {
        // A rate limit names itself (sign-in attempts or code requests from this device).
        notify.error(TOAST_TITLES.error, limitMessage(error) ?? authErrorMessage(error));
      }
    });

  /** A signed-in account: in if it holds the admin role, else signed out again (SPEC §4). */
  async function enter(user: StaffUser) {
    let isAdmin = false;
    try {
      isAdmin = await hasAdminRole(user.id);
    } catch (error) {
      signOut();
      throw error;
    }
    if (!isAdmin) {
      signOut();
      setChallenge(null);
      notify.error(TOAST_TITLES.accessDenied, ACCESS_MESSAGES.loginNotAdmin);
      return;
    }
    notify.success(TOAST_TITLES.loginSuccess, SUCCESS_MESSAGES.loginSuccess);
    navigate(DASHBOARD_PATH);
  }

  function restart(message?: string) {
    setChallenge(null);
    if (message) notify.error(TOAST_TITLES.error, message);
  }

  const signingUp = mode === 'signup';
  const passwordId = form.idOf('password');
  const passwordError = form.errorOf('password');

  return (
    <AccountCard title="Staff Login" intro={<>Reservations, today&rsquo;s priorities and the operations task list.</>}>

        {challenge ? (
          <StaffCodeStep
            challenge={challenge}
            onSignedIn={enter}
            onRestart={restart}
            onUnexpected={(error) => notify.error(TOAST_TITLES.error, authErrorMessage(error))}
          />
        ) : forgot ? (
          <ForgotPassword onBack={() => setForgot(false)} />
        ) : (
        <>
        <TabList tabs={TABS} value={mode} onChange={setMode} label="Staff account" idOf={tabId} panelId={panelId} className={styles.tabs} tabClassName={styles.tab} />

        <div role="tabpanel" id={panelId} aria-labelledby={tabId(mode)} className={styles.panel}>
          <Form
            form={form}
            onValid={onValid}
            onInvalid={({ message }) => notify.error(TOAST_TITLES.authValidation, message)}
            busy={busy}
            noValidate
          >
            <TextField
              id={form.idOf('email')}
              error={form.errorOf('email')}
              {...form.register('email')}
              label="Email"
              controlClassName={styles.input}
              type="email"
              inputMode="email"
              autoComplete={signingUp ? 'email' : 'username'}
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            <Field id={passwordId} label="Password" error={passwordError}>
              <div className={styles.passwordRow}>
                <input
                  className={styles.input}
                  {...controlAria(passwordId, { error: passwordError })}
                  {...form.register('password')}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete={signingUp ? 'new-password' : 'current-password'}
                  required
                />
                <button
                  type="button"
                  className={styles.reveal}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> password</span>
                </button>
              </div>
            </Field>
            <SubmitButton
              state={state}
              size="lg"
              block
              label={signingUp ? 'Sign Up' : 'Login'}
              busyLabel={signingUp ? 'Creating account...' : 'Logging in...'}
            />
          </Form>
          {signingUp ? null : (
            <button type="button" className={styles.linkButton} onClick={() => setForgot(true)}>
              Forgot password?
            </button>
          )}
          {signingUp ? (
            <p className={styles.note}>
              Signing up creates an account only. The owner then grants it the admin role on the server (see the
              README) before you can log in here.
            </p>
          ) : null}
        </div>
        </>
        )}
    </AccountCard>
  );
}
