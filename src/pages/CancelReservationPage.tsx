import { useParams } from 'wouter';
import { CancelReservation } from '../features/reservations';

export default function CancelReservationPage() {
  const { token = '' } = useParams<{ token: string }>();
  return <CancelReservation token={token} />;
}
