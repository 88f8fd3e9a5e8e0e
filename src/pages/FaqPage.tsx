import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function FaqPage() {
  return (
    <PageHero title={'Frequently Asked Questions'} intro={'Hours, age policy, cost, reservations, games, food and private events: answers to the questions guests ask most.'}>
      <ButtonLink href="/board-game-night">Reserve a table</ButtonLink>
    </PageHero>
  );
}
