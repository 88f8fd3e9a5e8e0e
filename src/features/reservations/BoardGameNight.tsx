import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, Container, Eyebrow, Notice, Section } from '../../components/Layout';
import { HeroVideo } from '../../components/LoopingVideo';
import { HeroBand } from '../../components/PageHero';
import { IconTile } from '../../components/IconTile';
import { promoVideo } from '../../content/media';
import { venue } from '../../content/venue';
import { prefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { BoardGameReservationForm } from './lazyForms';
import { VenueIcon, type VenueIconName } from '../../components/VenueIcon';
import styles from './BoardGameNight.module.css';

const FORM_ID = 'reserve';

function scrollToForm() {
  const target = document.getElementById(FORM_ID);
  if (!target) return;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

function ReservationPanel({ id, title, intro }: { id?: string; title: string; intro: string }) {
  const headingId = useId();
  return (
    <Card as="section" id={id} className={styles.formCard} aria-labelledby={headingId}>
      <div className={styles.formHead}>
        <h2 id={headingId} tabIndex={-1}>
          {title}
        </h2>
        <Notice>Limited Tables Per Night</Notice>
        <p className={styles.formIntro}>{intro}</p>
      </div>
      <BoardGameReservationForm headingId={headingId} />
    </Card>
  );
}

const SECTIONS: Array<{ id: string; icon: VenueIconName; title: string; body: ReactNode }> = [
  {
    id: 'expect',
    icon: 'dice',
    title: 'What to expect',
    body: (
      <>
        Pick from {venue.games.boardGameCount} board games: party games, strategy epics, two-player duels and the
        classics. Staff are happy to suggest a game for your group and teach the rules.
      </>
    ),
  },
  {
    id: 'bar',
    icon: 'glass',
    title: 'A full bar and food',
    body: (
      <>
        Cocktails, beer, wine and bar food brought to your table. Entry is free: we ask every guest to support the bar
        ({venue.pricing.barMinimum}) <Link href="/menu">See the menu</Link>.
      </>
    ),
  },
  {
    id: 'outdoor',
    icon: 'paddle',
    title: 'Outdoor-style games',
    body: <>Take a break from the table: {venue.games.outdoor.join(', ')}.</>,
  },
  {
    id: 'video',
    icon: 'gamepad',
    title: 'Video games',
    body: <>Couch co-op and party games on a big screen, plus adult coloring books and building bricks.</>,
  },
  {
    id: 'birthdays',
    icon: 'cake',
    title: 'Birthdays',
    body: (
      <>
        Bring the whole crew: reserve for up to 20 here, or <Link href="/private-events">host a private event</Link> for
        up to {venue.privateEvents.maxGuests} guests.
      </>
    ),
  },
  {
    id: 'hours',
    icon: 'clock',
    title: `Hours · ${venue.ageRule}`,
    body: (
      <>
        {venue.hours.summary}. {venue.ageRule}: bring a photo ID. {venue.hours.checkMapsNote}
      </>
    ),
  },
  {
    id: 'where',
    icon: 'pin',
    title: 'Where',
    body: (
      <>
        <strong className={styles.address}>{venue.address.oneLine}</strong> {venue.address.entranceNote}{' '}
        <a href={venue.address.mapsUrl} target="_blank" rel="noopener noreferrer">
          Open in Maps<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </>
    ),
  },
  {
    id: 'keep-going',
    icon: 'mic',
    title: 'Keep it going',
    body: (
      <>
        Stay for a show at the comedy club, come back for <Link href="/meetups-groups">weekly game nights</Link> and{' '}
        <Link href="/trivia">trivia</Link>, or <Link href="/join-whatsapp">join the group chat</Link> to find players.
      </>
    ),
  },
];

/** /board-game-night: the reservation landing page (SPEC §2). */
export function BoardGameNight() {
  return (
    <>
      <div className={styles.banner}>
        <Container className={styles.bannerInner}>
          <p>
            <strong>Free entry</strong> · tables are limited every night
          </p>
          <button type="button" className={styles.bannerButton} onClick={scrollToForm} data-no-celebration>
            Reserve your table <span aria-hidden="true">↓</span>
          </button>
        </Container>
      </div>
      <HeroBand
        className={styles.hero}
        media={<HeroVideo video={promoVideo} restartBeforeEndSeconds={2.5} />}
      >
        <Eyebrow>Board game night · Brooklyn · {venue.ageRule}</Eyebrow>
        <h1>Free Board Game Night in Brooklyn</h1>
        <p className={styles.lead}>
          Reserve a free table for tonight or any night: {venue.games.boardGameCount} board games, video games on a
          big screen, outdoor-style games and a full bar, inside a comedy club.
        </p>
        <Notice>Limited Tables Per Night</Notice>
        <p className={styles.warning}>
          Reservations are capped every night so every group gets space. Walk-ins are welcome, but a table is not
          guaranteed.
        </p>
      </HeroBand>

      <Section tight>
        <Container className={styles.formWrap}>
          <ReservationPanel
            id={FORM_ID}
            title="Reserve your free table"
            intro="Takes under a minute. We'll hold your table and email you a confirmation."
          />
        </Container>
      </Section>

      <Section aria-labelledby="about-night-heading">
        <Container>
          <h2 id="about-night-heading" className={styles.center}>
            What a night here looks like
          </h2>
          <div className={styles.sections}>
            {SECTIONS.map((s) => (
              <Card as="section" key={s.id} className={styles.sectionCard} aria-labelledby={`bgn-${s.id}`}>
                <IconTile className={styles.icon}>
                  <VenueIcon name={s.icon} />
                </IconTile>
                <h3 id={`bgn-${s.id}`}>{s.title}</h3>
                <p>{s.body}</p>
              </Card>
            ))}
          </div>
        </Container>
      </Section>

      <Section tight>
        <Container className={styles.formWrap}>
          <ReservationPanel
            title="Ready to play? Save your table"
            intro="Tables go fast on weekends. Reserve now: it's free."
          />
          <nav className={styles.legal} aria-label="Reservation policies">
            <Link href="/privacy">Privacy Policy</Link>
            <span aria-hidden="true">·</span>
            <Link href="/terms">Terms of Service</Link>
          </nav>
        </Container>
      </Section>
    </>
  );
}
