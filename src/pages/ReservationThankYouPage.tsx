import { ReservationThankYou } from '../features/reservations';

export default function ReservationThankYouPage() {
  return <ReservationThankYou />;
}
