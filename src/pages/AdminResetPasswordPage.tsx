import { ResetPassword } from '../features/admin';

export default function AdminResetPasswordPage() {
  return <ResetPassword />;
}
