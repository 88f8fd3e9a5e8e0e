import { AcceptInvite } from '../features/admin';

export default function AdminAcceptInvitePage() {
  return <AcceptInvite />;
}
