import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function BlogIndexPage() {
  return (
    <PageHero title={'Blog'} intro={'Stories, guides and game night ideas from a Brooklyn board game bar inside a comedy club.'}>
      <ButtonLink href="/board-game-night">Reserve a table</ButtonLink>
    </PageHero>
  );
}
