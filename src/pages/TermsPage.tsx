import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function TermsPage() {
  return (
    <PageHero title={'Terms of Service'} intro={'The terms that apply when you use our website and reserve with us.'}>
      <ButtonLink href="/privacy">Privacy Policy</ButtonLink>
    </PageHero>
  );
}
