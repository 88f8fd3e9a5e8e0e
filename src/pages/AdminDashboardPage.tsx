import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function AdminDashboardPage() {
  return (
    <PageHero title={'Staff Dashboard'} intro={'Reservations, counts and the operations task list for the team.'}>
      <ButtonLink href="/admin/login">Staff login</ButtonLink>
    </PageHero>
  );
}
