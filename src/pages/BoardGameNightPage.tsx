import { usePreloadRoutes } from '../components/routing';
import { BoardGameNight } from '../features/reservations';

export default function BoardGameNightPage() {
  // After a reservation the guest lands there: have it ready so it appears as soon as the server answers.
  usePreloadRoutes(['/reservation-thank-you']);
  return <BoardGameNight />;
}
