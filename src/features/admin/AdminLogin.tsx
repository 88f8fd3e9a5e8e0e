import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { ACCESS_MESSAGES, SUCCESS_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { firstMessage, loginSchema } from '../../lib/rules/schemas';
import { authErrorMessage, currentUser, hasAdminRole, signIn, signOut, signUp } from './session';
import { AdminShell } from './AdminShell';
import styles from './AdminLogin.module.css';

type Mode = 'login' | 'signup';

const TABS: { id: Mode; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
];

export const DASHBOARD_PATH = '/admin/dashboard';

/**
 * /admin/login (SPEC §2, §4 "Admin sign-in", §5, §8): Login and Sign Up tabs, each with email
 * and password. Sign-up creates an account only; a login without an admin role signs out again.
 */
export function AdminLogin() {
  const uid = useId();
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const tabRefs = useRef<Record<Mode, HTMLButtonElement | null>>({ login: null, signup: null });

  // An admin who is already signed in goes straight to the dashboard.
  useEffect(() => {
    const user = currentUser();
    if (!user) return;
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

  function choose(next: Mode, focus = false) {
    setMode(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.findIndex((t) => t.id === mode);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (i + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (i - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    choose(TABS[next]!.id, true);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      notify.error(TOAST_TITLES.authValidation, firstMessage(parsed.error));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signup') {
        await signUp(parsed.data.email, parsed.data.password);
        setEmail('');
        setPassword('');
        notify.success(TOAST_TITLES.accountCreated, SUCCESS_MESSAGES.accountCreated);
        return;
      }
      const user = await signIn(parsed.data.email, parsed.data.password);
      let isAdmin = false;
      try {
        isAdmin = await hasAdminRole(user.id);
      } catch (error) {
        signOut();
        throw error;
      }
      if (!isAdmin) {
        signOut();
        notify.error(TOAST_TITLES.accessDenied, ACCESS_MESSAGES.loginNotAdmin);
        return;
      }
      notify.success(TOAST_TITLES.loginSuccess, SUCCESS_MESSAGES.loginSuccess);
      navigate(DASHBOARD_PATH);
    } catch (error) {
      notify.error(TOAST_TITLES.error, authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const signingUp = mode === 'signup';
  const submitLabel = busy ? (signingUp ? 'Creating account...' : 'Logging in...') : signingUp ? 'Sign Up' : 'Login';

  return (
    <AdminShell>
    <section className={styles.page} aria-labelledby={`${uid}-title`}>
      <div className={styles.card}>
        <p className={styles.eyebrow}>Staff only</p>
        <h1 id={`${uid}-title`} className={styles.title}>
          Staff Login
        </h1>
        <p className={styles.intro}>Reservations, today&rsquo;s priorities and the operations task list.</p>

        <div role="tablist" aria-label="Staff account" className={styles.tabs}>
          {TABS.map((tab) => (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={mode === tab.id}
              aria-controls={panelId}
              tabIndex={mode === tab.id ? 0 : -1}
              className={styles.tab}
              onClick={() => choose(tab.id)}
              onKeyDown={onTabKey}
            >
              {tab.label}
            </button>
          ))}
        </div>

        <div role="tabpanel" id={panelId} aria-labelledby={tabId(mode)} className={styles.panel}>
          <form onSubmit={onSubmit} noValidate className={styles.form} aria-busy={busy}>
            <div className={styles.field}>
              <label htmlFor={`${uid}-email`}>Email</label>
              <input
                id={`${uid}-email`}
                className={styles.input}
                type="email"
                inputMode="email"
                autoComplete={signingUp ? 'email' : 'username'}
                autoCapitalize="none"
                spellCheck={false}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${uid}-password`}>Password</label>
              <div className={styles.passwordRow}>
                <input
                  id={`${uid}-password`}
                  className={styles.input}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete={signingUp ? 'new-password' : 'current-password'}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
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
            </div>
            <Button type="submit" size="lg" block disabled={busy}>
              {submitLabel}
            </Button>
          </form>
          {signingUp ? (
            <p className={styles.note}>
              Signing up creates an account only. The owner then grants it the admin role on the server (see the
              README) before you can log in here.
            </p>
          ) : null}
        </div>
      </div>
    </section>
    </AdminShell>
  );
}
