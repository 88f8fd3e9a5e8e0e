import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function AdminLoginPage() {
  return (
    <PageHero title={'Staff Login'} intro={'Sign in with your staff account to see reservations and today\'s tasks.'}>
      <ButtonLink href="/">Back to the site</ButtonLink>
    </PageHero>
  );
}
