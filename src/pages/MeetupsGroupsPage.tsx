import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function MeetupsGroupsPage() {
  return (
    <PageHero title={'Game Nights, Meetups, & more!'} intro={'Weekly game nights, Magic drafts, Pokemon, Star Wars Unlimited, art nights, meetups and special events. Pick a date and reserve your spot.'}>
      <ButtonLink href="/board-game-night">Reserve a board game table</ButtonLink>
    </PageHero>
  );
}
