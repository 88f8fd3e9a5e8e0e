import { ButtonLink } from '../../components/Button';
import { Container, Section } from '../../components/Layout';
import { venue } from '../../content/venue';
import styles from './home.module.css';

export function InfluencerNotice() {
  return (
    <Section tight>
      <Container>
        <div className={styles.influencer}>
          <div>
            <h2>Local creator? Let's collaborate.</h2>
            <p>
              We pay local influencers to share game nights with their followers, and our own {venue.community.audienceClaim}{' '}
              audience gets to meet you. Tell us about your channel.
            </p>
          </div>
          <ButtonLink href="/game-master" variant="secondary">
            Apply for a paid collab
          </ButtonLink>
        </div>
      </Container>
    </Section>
  );
}
