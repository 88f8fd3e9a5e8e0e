import { AdminDashboard } from '../features/admin';

export default function AdminDashboardPage() {
  return <AdminDashboard />;
}
