import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function CookiesPage() {
  return (
    <PageHero title={'Cookie Policy'} intro={'How our website uses cookies and browser storage.'}>
      <ButtonLink href="/privacy">Privacy Policy</ButtonLink>
    </PageHero>
  );
}
