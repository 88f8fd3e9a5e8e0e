import { MeetupsGroups } from '../features/events';

export default function MeetupsGroupsPage() {
  return <MeetupsGroups />;
}
