import { usePreloadRoutes } from '../components/routing';
import { Trivia } from '../features/events';

export default function TriviaPage() {
  // After a reservation the guest lands there: have it ready so it appears as soon as the server answers.
  usePreloadRoutes(['/reservation-thank-you']);
  return <Trivia />;
}
