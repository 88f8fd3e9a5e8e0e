import { ButtonLink } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Eyebrow, Notice } from '../../components/Layout';
import { HeroVideo } from '../../components/LoopingVideo';
import { HeroBand } from '../../components/PageHero';
import { heroVideo, ownerLogo } from '../../content/media';
import { venue } from '../../content/venue';
import styles from './home.module.css';

export function HomeHero() {
  return (
    <HeroBand
      className={styles.hero}
      glow
      media={<HeroVideo video={heroVideo} />}
    >
      <Eyebrow>Brooklyn · {venue.ageRule}</Eyebrow>
      <h1 className={styles.heroTitle}>
        The only comedy club in the world with a <span className={styles.highlight}>board game bar</span>
      </h1>
      <Notice>Limited Tables Per Night</Notice>
      <p className={styles.noticeCopy}>
        We cap reservations every night so every group gets a table. Reserving is free; walk-ins are welcome
        while tables last.
      </p>
      <div className={styles.heroActions}>
        <ButtonLink href="/board-game-night" size="lg">
          Reserve a free table
        </ButtonLink>
        <ButtonLink href="/meetups-groups" variant="secondary" size="lg">
          See game nights
        </ButtonLink>
      </div>
      <address className={styles.address}>
        <Icon name="pin" size={20} /> {venue.address.oneLine}
      </address>
      <a className={styles.owner} href={venue.owner.url} target="_blank" rel="noopener noreferrer">
        <span>Owned by</span>
        <img src={ownerLogo.src} alt={ownerLogo.alt} width={180} height={45} />
        <span className="visually-hidden">(opens in a new tab)</span>
      </a>
    </HeroBand>
  );
}
