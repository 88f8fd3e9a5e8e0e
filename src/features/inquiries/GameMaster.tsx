import { Icon, type IconName } from '../../components/Icon';
import { Container, Eyebrow, Lead, Section } from '../../components/Layout';
import { HeroBand } from '../../components/PageHero';
import { TileList } from '../../components/IconTile';
import { venue } from '../../content/venue';
import { InfluencerForm } from './lazyForms';
import styles from './gameMaster.module.css';

export function GameMasterHero() {
  return (
    <HeroBand>
      <Eyebrow>Creators wanted · Brooklyn</Eyebrow>
      <h1>Local Influencer Collabs</h1>
      <Lead>
        Make content with the only comedy club in the world with a board game bar. We pay local creators to share game
        nights with their followers, and our {venue.community.audienceClaim} audience gets to meet you.
      </Lead>
    </HeroBand>
  );
}

const PERKS: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'star', title: 'Paid collaborations', text: 'Real budgets for real content about game nights, comedy and the bar.' },
  { icon: 'users', title: `Reach our ${venue.community.audienceClaim} audience`, text: 'We share your work with our community, so new people find you too.' },
  { icon: 'sparkle', title: 'Create your way', text: 'Reels, TikToks, stories or a blog post: pitch the format your audience loves.' },
  { icon: 'dice', title: 'Plenty to film', text: `${venue.games.boardGameCount} games, giant Jenga, ping pong, a full bar and a comedy stage.` },
];

export function InfluencerApplication() {
  return (
    <Section className={styles.section}>
      <Container className={styles.grid}>
        <div>
          <h2 className={styles.subhead}>Why creators work with us</h2>
          <TileList items={PERKS} className={styles.perks} tileClassName={styles.perkIcon} iconSize={24} />
          <p className={styles.reply}>
            <Icon name="clock" size={20} />
            <span>We read every application and reply by email {venue.influencer.replyPromise}.</span>
          </p>
        </div>
        <section className={styles.formCard} aria-labelledby="apply-heading">
          <h2 id="apply-heading" className={styles.formTitle}>
            Apply for a collab
          </h2>
          <p className={styles.formIntro}>Tell us who you are and where you post. It takes a minute.</p>
          <InfluencerForm headingId="apply-heading" />
        </section>
      </Container>
    </Section>
  );
}
