export { AdminLogin } from './AdminLogin';
export { AdminDashboard } from './AdminDashboard';
