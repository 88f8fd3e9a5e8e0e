import { AdminDashboard, startDashboard } from '../features/admin';

// The first requests start as soon as this page's code runs, not once React renders it.
startDashboard();

export default function AdminDashboardPage() {
  return <AdminDashboard />;
}
