import { useParams } from 'wouter';
import { WaitlistEntry } from '../features/reservations';

export default function WaitlistPage() {
  const { token = '' } = useParams<{ token: string }>();
  return <WaitlistEntry token={token} />;
}
