import { Container, Section } from '../components/Layout';
import { MenuImage, SpaceGallery } from '../components/SpaceGallery';
import { FeatureCards, HomeHero, InfluencerNotice, ReservationCard } from '../features/home';

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <ReservationCard />
      <SpaceGallery />
      <InfluencerNotice />
      <FeatureCards />
      <Section aria-labelledby="menu-heading">
        <Container>
          <h2 id="menu-heading" style={{ textAlign: 'center' }}>
            Drinks &amp; food
          </h2>
          <MenuImage linkToMenu />
        </Container>
      </Section>
    </>
  );
}
