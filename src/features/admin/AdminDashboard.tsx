import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
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
import { DeviceNamePrompt } from './staff/DeviceNamePrompt';
import { StaffView } from './staff/StaffView';
import { ActivityView } from './activity/ActivityView';
import { SystemView } from './system';
import { staffQueryClient } from './data/queryClient';
import { DASHBOARD_PATH, sessionQuery } from './data/sessionQuery';
import { useIsOwner } from './data/ownerQuery';
import { currentUser, signOut, useSessionRefresh, useSignedOutListener, useStaffAppOnDevice, type StaffUser } from './session';
import { useStaffSync, wipeStaffCopy } from './sync';
import { LogoutButton } from './sync/LogoutButton';
import { NotAppliedList } from './sync/NotAppliedList';
import styles from './AdminDashboard.module.css';

export const LOGIN_PATH = '/admin/login';

type View = 'reservations' | 'tasks' | 'events' | 'inbox' | 'staff' | 'activity' | 'system';
/** The dashboard's views, in tab order. `owner`: shown to owners only (the server checks again). */
const VIEWS: { id: View; label: string; owner?: true; panel: (user: StaffUser) => ReactNode }[] = [
  { id: 'reservations', label: 'Reservations', panel: () => <ReservationsView /> },
  // One word each where it reads as well: an owner's seven tabs share the landscape tablet's one line.
  { id: 'tasks', label: 'Tasks', panel: () => <TaskManagement /> },
  { id: 'events', label: 'Events', panel: () => <EventsEditor /> },
  { id: 'inbox', label: 'Requests', panel: () => <RequestsInbox /> },
  // Every admin: owners manage the accounts, anyone else sees their own (the server decides).
  { id: 'staff', label: 'Staff', panel: () => <StaffView /> },
  { id: 'activity', label: 'Activity', owner: true, panel: () => <ActivityView /> },
  { id: 'system', label: 'System', owner: true, panel: (user) => <SystemView email={user.email} /> },
];
const viewsFor = (owner: boolean) => VIEWS.filter((v) => owner || !v.owner);
const viewOf = (search: string, views: typeof VIEWS): View => views.find((v) => v.id === new URLSearchParams(search).get('view'))?.id ?? 'reservations';

type Gate = { kind: 'checking' } | { kind: 'admin'; user: StaffUser } | { kind: 'error' };

/**
 * /admin/dashboard (SPEC §2, §6): no session → /admin/login; a session without the admin role →
 * 'Access Denied' and back to /. Admins get reservations and task management, with Logout.
 */
export function AdminDashboard() {
  const [, navigate] = useLocation();
  // The check startDashboard began, when it has already answered for this account: the dashboard
  // renders at once. Read here, forgotten in the effect (StrictMode calls initializers twice).
  const [firstGate] = useState<Gate>(() => {
    const user = currentUser();
    const result = user ? staffQueryClient.getQueryData(sessionQuery(user.id).queryKey) : undefined;
    return result?.kind === 'admin' ? { kind: 'admin', user: result.user } : { kind: 'checking' };
  });
  const [gate, setGate] = useState<Gate>(firstGate);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const user = currentUser();
    if (!user) {
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    const query = sessionQuery(user.id);
    // The first mount takes over the check begun early (or its answer); a later mount or "Try again" checks again.
    const forget = () => staffQueryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    if (attempt === 0 && firstGate.kind === 'admin') {
      forget();
      return;
    }
    let stale = false;
    staffQueryClient.fetchQuery(attempt === 0 ? query : { ...query, staleTime: 0 }).then(
      (check) => {
        forget();
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
  }, [navigate, attempt, firstGate]);

  const isAdmin = gate.kind === 'admin';
  useSessionRefresh(isAdmin);
  useStaffAppOnDevice(isAdmin);
  const onSignedOut = useCallback(() => navigate(LOGIN_PATH, { replace: true }), [navigate]);
  useSignedOutListener(onSignedOut, isAdmin);

  if (gate.kind === 'admin') {
    return (
      <QueryClientProvider client={staffQueryClient}>
        <Dashboard user={gate.user} />
      </QueryClientProvider>
    );
  }

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
  const views = viewsFor(useIsOwner(user.id));
  const view = viewOf(search, views);
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
    <TabList tabs={views} value={view} onChange={choose} label="Dashboard view" idOf={(id) => `${uid}-tab-${id}`} panelId={`${uid}-panel`} className={styles.toggle} tabClassName={styles.toggleButton} extra={newCount} />
  );
  const account = (
    <>
      <span className={styles.email} data-account-email title={user.email}>
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
        <DeviceNamePrompt />
        <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${view}`} className={styles.panel}>
          {views.find((v) => v.id === view)?.panel(user)}
        </div>
      </div>
    </AdminShell>
  );
}
