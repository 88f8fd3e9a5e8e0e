import { ButtonLink } from '../components/Button';
import { Actions } from '../components/Layout';
import { PageHero } from '../components/PageHero';
import { SpaceGallery } from '../components/SpaceGallery';
import { venue } from '../content/venue';
import { MenuSection } from '../features/content';

export default function MenuPage() {
  return (
    <>
      <PageHero
        eyebrow="Eat · Drink · Play"
        title="Drink and Food Menu"
        intro={`Cocktails, beer, wine and food to share while you play. ${venue.pricing.entry}: we just ask every guest to support the bar.`}
      >
        <Actions>
          <ButtonLink href="/board-game-night">Reserve a free table</ButtonLink>
          <ButtonLink href="/private-events" variant="secondary">
            Plan a private event
          </ButtonLink>
        </Actions>
      </PageHero>
      <MenuSection />
      <SpaceGallery />
    </>
  );
}
