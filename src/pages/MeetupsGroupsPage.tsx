import { usePreloadRoutes } from '../components/routing';
import { MeetupsGroups } from '../features/events';

export default function MeetupsGroupsPage() {
  // After a reservation the guest lands there: have it ready so it appears as soon as the server answers.
  usePreloadRoutes(['/reservation-thank-you']);
  return <MeetupsGroups />;
}
