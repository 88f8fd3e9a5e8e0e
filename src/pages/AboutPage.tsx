import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function AboutPage() {
  return (
    <PageHero title={'A brand new board game/video game bar'} intro={'Owned by The Tiny Cupboard comedy club, we are the only comedy club in the world with a board game bar: 500+ games, interactive experiences and a community that plays together.'}>
      <ButtonLink href="/board-game-night">Reserve a table</ButtonLink>
    </PageHero>
  );
}
