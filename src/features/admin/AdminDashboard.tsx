import { useCallback, useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { ACCESS_MESSAGES, FAILURE_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { formatLongDate, venueNight } from '../../lib/venueTime';
import { AdminShell } from './AdminShell';
import { SignOutEverywhere } from './SignOutEverywhere';
import { TabList } from './TabList';
import { ReservationsView } from './ReservationsView';
import { TaskManagement } from './TaskManagement';
import { EventsEditor } from './events/EventsEditor';
import { RequestsInbox, useNewRequestCount } from './inbox';
import { prefetchReservations, prefetchedData } from './useReservations';
import { currentUser, hasAdminRole, refreshSessionIfNeeded, signOut, useSessionRefresh, useSignedOutListener, useStaffAppOnDevice, type StaffUser } from './session';
import { hasCopyFor, isNoAnswer, useStaffSync, wipeStaffCopy } from './sync';
import { LogoutButton } from './sync/LogoutButton';
import { NotAppliedList } from './sync/NotAppliedList';
import styles from './AdminDashboard.module.css';

export const LOGIN_PATH = '/admin/login';
const DASHBOARD_PATH = '/admin/dashboard';
/** How long the first screen waits for the prefetched counts and list before it renders without them. */
const FIRST_SCREEN_WAIT_MS = 1000;

type View = 'reservations' | 'tasks' | 'events' | 'inbox';
const VIEWS: { id: View; label: string }[] = [
  { id: 'reservations', label: 'Reservations' },
  { id: 'tasks', label: 'Task management' },
  { id: 'events', label: 'Events' },
  { id: 'inbox', label: 'Requests' },
];
const viewOf = (search: string): View => VIEWS.find((v) => v.id === new URLSearchParams(search).get('view'))?.id ?? 'reservations';

type Gate = { kind: 'checking' } | { kind: 'admin'; user: StaffUser } | { kind: 'error' };
type SessionCheck = { kind: 'signed-out' } | { kind: 'not-admin' } | { kind: 'admin'; user: StaffUser };

/**
 * The dashboard's first requests: the session (refreshed when close to expiry) and the admin
 * role, and for the reservations view the counts and the list's first page, asked for while the
 * role is checked. Resolves once the role is known and, for an admin, once that data is in or
 * FIRST_SCREEN_WAIT_MS have passed: the data is usually a moment behind, and the first screen
 * then renders, lays out and paints once, complete, instead of empty first and again after.
 */
async function checkSession(): Promise<SessionCheck> {
  if (!new URLSearchParams(window.location.search).has('view')) prefetchReservations();
  await refreshSessionIfNeeded();
  const user = currentUser();
  if (!user) return { kind: 'signed-out' };
  if (!(await adminRole(user.id))) return { kind: 'not-admin' };
  await prefetchedData(FIRST_SCREEN_WAIT_MS);
  return { kind: 'admin', user };
}

/**
 * The admin role, asked of the server; offline (no answer at all), a session that exists keeps
 * working until it expires when this tablet holds that account's synced copy: the role was
 * checked when the copy was filled, and the server checks it again on every change it receives.
 */
export async function adminRole(userId: string): Promise<boolean> {
  try {
    return await hasAdminRole(userId);
  } catch (error) {
    if (isNoAnswer(error) && (await hasCopyFor(userId))) return true;
    throw error;
  }
}

interface Started {
  check: Promise<SessionCheck>;
  /** its answer, once in */
  result?: SessionCheck;
  at: number;
}
let started: Started | null = null;
const STARTED_FRESH_MS = 10_000;

/**
 * Starts the session check (and the first data) as soon as the dashboard's code has loaded on a
 * visit to the dashboard, before React renders it: the route waits in a Suspense fallback while
 * its code loads, and React holds the page after a fallback for up to 300 ms. The route module
 * calls it; the dashboard's first mount takes the check over (a later mount checks again), and
 * renders the dashboard at once when the check has already answered.
 */
export function startDashboard(): void {
  if (typeof window === 'undefined' || window.location.pathname !== DASHBOARD_PATH || !currentUser()) return;
  const entry: Started = { check: checkSession(), at: Date.now() };
  entry.check.then(
    (result) => {
      entry.result = result;
    },
    () => undefined,
  );
  started = entry;
}

function freshStart(): Started | null {
  return started && Date.now() - started.at < STARTED_FRESH_MS ? started : null;
}

/**
 * /admin/dashboard (SPEC §2, §6): no session → /admin/login; a session without the admin role →
 * 'Access Denied' and back to /. Admins get reservations and task management, with Logout.
 */
export function AdminDashboard() {
  const [, navigate] = useLocation();
  // Read here, forgotten in the effect (StrictMode calls initializers twice).
  const [early] = useState(freshStart);
  const [firstGate] = useState<Gate>(() => {
    const result = early?.result;
    return result?.kind === 'admin' && currentUser()?.id === result.user.id ? { kind: 'admin', user: result.user } : { kind: 'checking' };
  });
  const [gate, setGate] = useState<Gate>(firstGate);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (started === early) started = null;
    const reuse = attempt === 0 ? early : null;
    if (reuse && firstGate.kind === 'admin') return;
    if (!currentUser()) {
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    let stale = false;
    (reuse?.check ?? checkSession()).then(
      (check) => {
        if (stale) return;
        if (check.kind === 'signed-out') navigate(LOGIN_PATH, { replace: true });
        else if (check.kind === 'not-admin') {
          void wipeStaffCopy();
          notify.error(TOAST_TITLES.accessDenied, ACCESS_MESSAGES.dashboardNotAdmin);
          navigate('/', { replace: true });
        } else setGate({ kind: 'admin', user: check.user });
      },
      (error: unknown) => {
        if (stale) return;
        console.error('Admin role check failed', error);
        setGate({ kind: 'error' });
      },
    );
    return () => {
      stale = true;
    };
  }, [navigate, attempt, early, firstGate]);

  const isAdmin = gate.kind === 'admin';
  useSessionRefresh(isAdmin);
  useStaffAppOnDevice(isAdmin);
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
  const view = viewOf(search);
  const newRequests = useNewRequestCount();
  const [today] = useState(() => venueNight());
  useStaffSync(user.id);

  const choose = (next: View) => navigate(next === 'reservations' ? DASHBOARD_PATH : `${DASHBOARD_PATH}?view=${next}`, { replace: true });

  const logout = () => {
    signOut();
    navigate(LOGIN_PATH, { replace: true });
  };

  const newCount = (id: View) =>
    id === 'inbox' && newRequests > 0 ? (
      <span className={styles.count} data-testid="new-requests">
        {newRequests}
        <span className="visually-hidden"> new</span>
      </span>
    ) : null;
  const tabs = (
    <TabList tabs={VIEWS} value={view} onChange={choose} label="Dashboard view" idOf={(id) => `${uid}-tab-${id}`} panelId={`${uid}-panel`} className={styles.toggle} tabClassName={styles.toggleButton} extra={newCount} />
  );
  const account = (
    <>
      <span className={styles.email} data-account-email>
        {user.email}
      </span>
      <LogoutButton onLogout={logout} />
      <SignOutEverywhere email={user.email} />
    </>
  );

  return (
    <AdminShell nav={tabs} account={account} live>
      <div className={styles.dashboard}>
        {/* Read out, not shown: the frame names the venue and the view, the seat card tonight's date. */}
        <div className="visually-hidden">
          <h1>Staff Dashboard</h1>
          <p>{formatLongDate(today)}</p>
        </div>
        <NotAppliedList />
        <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${view}`} className={styles.panel}>
          {view === 'reservations' ? <ReservationsView /> : view === 'tasks' ? <TaskManagement /> : view === 'events' ? <EventsEditor /> : <RequestsInbox />}
        </div>
      </div>
    </AdminShell>
  );
}
