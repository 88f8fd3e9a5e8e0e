import { Container, Section } from '../../components/Layout';
import { MenuImage } from '../../components/SpaceGallery';
import { menuImage } from '../../content/media';
import { venue } from '../../content/venue';
import styles from './pages.module.css';

/** The menu image, with the house rule and where to ask about allergies. */
export function MenuSection() {
  return (
    <Section aria-labelledby="menu-heading">
      <Container>
        <h2 id="menu-heading" className="visually-hidden">
          The menu
        </h2>
        <MenuImage priority />
        <p className={styles.menuNote}>
          <a href={menuImage.src} target="_blank" rel="noopener noreferrer">
            Open the menu full size<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        <p className={styles.menuNote}>
          {venue.pricing.supportTheBar} {venue.pricing.barMinimum} Ask at the bar about today's
          specials, allergies and dietary needs, or email <a href={`mailto:${venue.contact.email}`}>{venue.contact.email}</a>.
        </p>
      </Container>
    </Section>
  );
}
