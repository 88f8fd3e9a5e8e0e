import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function MenuPage() {
  return (
    <PageHero title={'Drink and Food Menu'} intro={'Cocktails, local beer, wine and food to share while you play. Free entry: we just ask every guest to support the bar.'}>
      <ButtonLink href="/board-game-night">Reserve a table</ButtonLink>
    </PageHero>
  );
}
