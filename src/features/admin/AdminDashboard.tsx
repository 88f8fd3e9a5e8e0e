import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { ACCESS_MESSAGES, FAILURE_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { formatLongDate, venueToday } from '../../lib/venueTime';
import { AdminShell } from './AdminShell';
import { ReservationsView } from './ReservationsView';
import { TaskManagement } from './TaskManagement';
import { prefetchReservationStats } from './useReservations';
import { currentUser, hasAdminRole, refreshSessionIfNeeded, signOut, useSessionRefresh, useSignedOutListener, type StaffUser } from './session';
import styles from './AdminDashboard.module.css';

export const LOGIN_PATH = '/admin/login';
const DASHBOARD_PATH = '/admin/dashboard';

type View = 'reservations' | 'tasks';
const VIEWS: { id: View; label: string }[] = [
  { id: 'reservations', label: 'Reservations' },
  { id: 'tasks', label: 'Task management' },
];

type Gate = { kind: 'checking' } | { kind: 'admin'; user: StaffUser } | { kind: 'error' };

/**
 * /admin/dashboard (SPEC §2, §6): no session → /admin/login; a session without the admin role →
 * 'Access Denied' and back to /. Admins get reservations and task management, with Logout.
 */
export function AdminDashboard() {
  const [, navigate] = useLocation();
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!currentUser()) {
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    // The counts are the first thing staff look at: ask for them while the role is checked.
    if (!new URLSearchParams(window.location.search).has('view')) prefetchReservationStats();
    let stale = false;
    (async () => {
      await refreshSessionIfNeeded();
      const user = currentUser();
      if (stale) return;
      if (!user) {
        navigate(LOGIN_PATH, { replace: true });
        return;
      }
      try {
        const isAdmin = await hasAdminRole(user.id);
        if (stale) return;
        if (!isAdmin) {
          notify.error(TOAST_TITLES.accessDenied, ACCESS_MESSAGES.dashboardNotAdmin);
          navigate('/', { replace: true });
          return;
        }
        setGate({ kind: 'admin', user });
      } catch (error) {
        if (stale) return;
        console.error('Admin role check failed', error);
        setGate({ kind: 'error' });
      }
    })();
    return () => {
      stale = true;
    };
  }, [navigate, attempt]);

  const isAdmin = gate.kind === 'admin';
  useSessionRefresh(isAdmin);
  const onSignedOut = useCallback(() => navigate(LOGIN_PATH, { replace: true }), [navigate]);
  useSignedOutListener(onSignedOut, isAdmin);

  if (gate.kind === 'admin') return <Dashboard user={gate.user} />;

  return (
    <AdminShell>
    <section className={styles.gate} aria-labelledby="admin-gate-title" aria-busy={gate.kind === 'checking'}>
      <h1 id="admin-gate-title" className={styles.gateTitle}>
        Staff Dashboard
      </h1>
      {gate.kind === 'error' ? (
        <div className={styles.gateError} role="alert">
          <p>{FAILURE_MESSAGES.unexpected}. Check the connection and try again.</p>
          <Button onClick={() => { setGate({ kind: 'checking' }); setAttempt((n) => n + 1); }}>Try again</Button>
        </div>
      ) : (
        <p className={styles.gateNote}>Checking your session…</p>
      )}
    </section>
    </AdminShell>
  );
}

function Dashboard({ user }: { user: StaffUser }) {
  const uid = useId();
  const [, navigate] = useLocation();
  const search = useSearch();
  const view: View = new URLSearchParams(search).get('view') === 'tasks' ? 'tasks' : 'reservations';
  const tabRefs = useRef<Record<View, HTMLButtonElement | null>>({ reservations: null, tasks: null });
  const [today] = useState(() => venueToday());

  const choose = (next: View, focus = false) => {
    navigate(next === 'tasks' ? `${DASHBOARD_PATH}?view=tasks` : DASHBOARD_PATH, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const i = VIEWS.findIndex((v) => v.id === view);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? VIEWS.length - 1 : (i + (event.key === 'ArrowRight' ? 1 : -1) + VIEWS.length) % VIEWS.length;
    choose(VIEWS[next]!.id, true);
  };

  const logout = () => {
    signOut();
    navigate(LOGIN_PATH, { replace: true });
  };

  const tabs = (
    <div role="tablist" aria-label="Dashboard view" className={styles.toggle}>
      {VIEWS.map((v) => (
        <button
          key={v.id}
          ref={(el) => {
            tabRefs.current[v.id] = el;
          }}
          type="button"
          role="tab"
          id={`${uid}-tab-${v.id}`}
          aria-selected={view === v.id}
          aria-controls={`${uid}-panel`}
          tabIndex={view === v.id ? 0 : -1}
          className={styles.toggleButton}
          onClick={() => choose(v.id)}
          onKeyDown={onTabKey}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
  const account = (
    <>
      <span className={styles.email}>{user.email}</span>
      <Button variant="secondary" onClick={logout}>
        Logout
      </Button>
    </>
  );

  return (
    <AdminShell nav={tabs} account={account} live>
      <div className={styles.dashboard}>
        <div className={styles.heading}>
          <h1 className={styles.title}>Staff Dashboard</h1>
          <p className={styles.meta}>{formatLongDate(today)}</p>
        </div>
        <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${view}`} className={styles.panel}>
          {view === 'reservations' ? <ReservationsView /> : <TaskManagement />}
        </div>
      </div>
    </AdminShell>
  );
}
