import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function ComedyLandingPage() {
  return (
    <PageHero title={'Comedy Tonight, Games All Night'} intro={'Reserve your seat for the show, then stay for board games at the only comedy club with a board game bar.'}>
      <ButtonLink href="/">Reserve your seat</ButtonLink>
    </PageHero>
  );
}
