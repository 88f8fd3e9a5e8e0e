import { Link } from 'wouter';
import { Button, ButtonLink } from '../../components/Button';
import { Actions, Card, Container, Grid, Section, TitledSection } from '../../components/Layout';
import { PageHero } from '../../components/PageHero';
import { IconTile } from '../../components/IconTile';
import { PhotoList } from '../../components/PhotoList';
import { spacePhotos } from '../../content/media';
import { venue } from '../../content/venue';
import { prefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { QrCode } from './QrCode';
import { Icon } from './icons';
import styles from './pages.module.css';

export const JOIN_SECTION_ID = 'join';
const { community } = venue;

/** The hero, with a button that scrolls to the join section and moves focus there. */
export function WhatsappHero() {
  const scrollToJoin = () => {
    const section = document.getElementById(JOIN_SECTION_ID);
    if (!section) return;
    section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  return (
    <PageHero
      eyebrow="Community"
      title="Join Our Game Night Group Chat"
      intro={`Find players for tonight, hear about special events first and never play alone. The group chat is where our regulars, meetup hosts and ${community.audienceClaim} community of players and comedy fans meet between game nights.`}
    >
      <Actions>
        <Button size="lg" onClick={scrollToJoin}>
          Join the group chat <span aria-hidden="true">↓</span>
        </Button>
        <ButtonLink href="/meetups-groups" variant="secondary" size="lg">
          See game nights
        </ButtonLink>
      </Actions>
    </PageHero>
  );
}

const BENEFITS = [
  { icon: 'puzzle' as const, title: 'Find players', text: 'Missing a fourth for a strategy game or a partner for a card game? Ask the group and fill your table tonight.' },
  { icon: 'megaphone' as const, title: 'Hear it first', text: 'Special events, new weekly nights and last-minute open tables are posted in the chat before anywhere else.' },
  { icon: 'party' as const, title: 'Never play alone', text: "New to the city or just new to games? Say hi, say what you like to play, and you'll have a table waiting." },
];

export function Benefits() {
  return (
    <TitledSection id="benefits" title="Why join?">
      <Grid columns={3}>
        {BENEFITS.map((benefit) => (
          <Card key={benefit.title} className={styles.feature}>
            <IconTile className={styles.featureIcon}>
              <Icon name={benefit.icon} />
            </IconTile>
            <h3>{benefit.title}</h3>
            <p>{benefit.text}</p>
          </Card>
        ))}
      </Grid>
    </TitledSection>
  );
}

const STEPS = [
  { title: 'Scan or tap', text: 'Scan the QR code below with your phone camera, or tap the Join WhatsApp Group button on your phone.' },
  { title: 'Tap Join', text: 'WhatsApp opens the group invite. Joining is free, and you can leave any time.' },
  { title: 'Say hi', text: 'Introduce yourself and the games you love. Someone is always looking for a new player.' },
  { title: 'Come play', text: 'Pick a night, reserve a free table and meet the group in person at the bar.' },
];

export function HowItWorks() {
  return (
    <TitledSection id="how" tight title="How it works">
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}

export function WhatYouGet() {
  return (
    <TitledSection id="get" title="What you get">
      <ul className={styles.checklist}>
        <li>The weekly lineup: Magic drafts, Commander, Pokémon, Star Wars Unlimited, trivia and meetups</li>
        <li>Special events and holiday game nights, announced first in the chat</li>
        <li>Players looking for a table tonight, and tables looking for players</li>
        <li>Game recommendations from people who have played most of our {venue.games.boardGameCount} games</li>
        <li>A heads-up when the room fills up, so you can reserve before tables run out</li>
        <li>A friendly, {venue.ageRule} crowd and a simple rule: be kind, no spam</li>
      </ul>
    </TitledSection>
  );
}

export function PhotoGrid() {
  const photos = [spacePhotos[2], spacePhotos[0], spacePhotos[4], spacePhotos[5]].filter((p) => p !== undefined);
  return (
    <TitledSection id="photos" tight title="Where the group plays">
      <PhotoList photos={photos} className={styles.photoGrid} />
    </TitledSection>
  );
}

/** The join section: the QR code generated from the group link and the mobile-only button. */
export function JoinSection() {
  return (
    <Section aria-labelledby="join-heading">
      <Container>
        <div id={JOIN_SECTION_ID} className={styles.join}>
          <QrCode value={community.groupChatUrl} label="QR code: scan to join our WhatsApp group" caption="Point your phone's camera here" />
          <div>
            <h2 id="join-heading" tabIndex={-1}>
              Join the group
            </h2>
            <p>
              On a computer? Scan the code with your phone's camera. Already on your phone? Tap the button: it opens the invite in
              WhatsApp.
            </p>
            <Actions>
              <ButtonLink href={community.groupChatUrl} size="lg" className={styles.joinButton} aria-describedby="join-mobile-hint">
                <span className={styles.nowrap}>Join WhatsApp Group</span> <span className={styles.mobileOnly}>Mobile only</span>
                <span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
              </ButtonLink>
            </Actions>
            <p id="join-mobile-hint" className={styles.hint}>
              The button works on phones with WhatsApp installed. On a desktop, use the QR code.
            </p>
            <p>
              Prefer to see the schedule first? Browse <Link href="/meetups-groups">game nights, meetups and special events</Link>.
            </p>
          </div>
        </div>
      </Container>
    </Section>
  );
}
