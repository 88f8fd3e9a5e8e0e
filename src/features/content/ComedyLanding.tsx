import { ButtonLink } from '../../components/Button';
import { Actions, Card, Grid, Lead, TitledSection } from '../../components/Layout';
import { HeroVideo } from '../../components/LoopingVideo';
import { PageHero } from '../../components/PageHero';
import { comedyVideo } from '../../content/media';
import { venue } from '../../content/venue';
import { comedyTestimonial } from './testimonials';
import styles from './pages.module.css';

const { owner, community, games, pricing } = venue;

export function ComedyHero() {
  return (
    <PageHero
      eyebrow={`Live at ${owner.name}`}
      title="Laugh first, then play all night"
      intro={venue.tagline}
      media={<HeroVideo video={comedyVideo} />}
    >
      <Actions>
        <ButtonLink href={owner.calendarUrl} size="lg">
          Reserve your seat<span className="visually-hidden"> on the comedy calendar (opens in a new tab)</span>
        </ButtonLink>
        <ButtonLink href="/" variant="secondary" size="lg">
          Explore the game bar
        </ButtonLink>
      </Actions>
    </PageHero>
  );
}

export function ReserveYourSeat() {
  return (
    <TitledSection id="seat" title="Reserve your seat">
      <Lead>
        Stand-up shows at {owner.name} fill up, so grab your seats on the club's calendar before you head over. Join a{' '}
        {community.audienceClaim} audience of comedy fans and game lovers, and make a whole night of it.
      </Lead>
      <Grid columns={3}>
        <Card className={styles.feature}>
          <h3>1. Pick a show</h3>
          <p>Choose a show on the club's calendar and reserve your seats there.</p>
        </Card>
        <Card className={styles.feature}>
          <h3>2. Stay and play</h3>
          <p>
            {pricing.entry} to the game bar: {games.boardGameCount} board games, video games on a big screen and{' '}
            {games.outdoor.slice(0, 3).join(', ')} and more.
          </p>
        </Card>
        <Card className={styles.feature}>
          <h3>3. Make it a group night</h3>
          <p>Bringing friends? Reserve a free table for before or after the show so your group has a place to land.</p>
        </Card>
      </Grid>
      <Actions className={styles.heroActions}>
        <ButtonLink href={owner.calendarUrl}>
          See the comedy calendar<span className="visually-hidden"> (opens in a new tab)</span>
        </ButtonLink>
        <ButtonLink href="/" variant="secondary">
          Visit {venue.name}
        </ButtonLink>
      </Actions>
    </TitledSection>
  );
}

export function Testimonial() {
  return (
    <TitledSection id="testimonial" title="What guests say" headingHidden>
      <figure className={styles.testimonial}>
        <blockquote>
          <p>{comedyTestimonial.quote}</p>
        </blockquote>
        <figcaption>
          {comedyTestimonial.name}, {comedyTestimonial.detail}
        </figcaption>
      </figure>
    </TitledSection>
  );
}
