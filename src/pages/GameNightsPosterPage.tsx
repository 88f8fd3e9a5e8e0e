import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function GameNightsPosterPage() {
  return (
    <PageHero title={'Game Nights at Tiny Cupboard Games'} intro={'Weekly game nights, meetups and special events. Scan to see the calendar and reserve your spot.'}>
      <ButtonLink href="/meetups-groups">See the calendar</ButtonLink>
    </PageHero>
  );
}
