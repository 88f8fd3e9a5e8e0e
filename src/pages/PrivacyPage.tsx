import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function PrivacyPage() {
  return (
    <PageHero title={'Privacy Policy'} intro={'What we collect when you reserve or contact us, how we use it and your rights.'}>
      <ButtonLink href="/terms">Terms of Service</ButtonLink>
    </PageHero>
  );
}
