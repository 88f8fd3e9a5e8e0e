import { Link } from 'wouter';
import { ActionPanel } from '../../components/ActionPanel';
import { ButtonLink } from '../../components/Button';
import { Actions, Card, Grid, Section, Split, TitledSection } from '../../components/Layout';
import { PageHero } from '../../components/PageHero';
import { IconTile } from '../../components/IconTile';
import { ownerLogo, spacePhotos } from '../../content/media';
import { venue } from '../../content/venue';
import { Icon } from './icons';
import styles from './pages.module.css';

const { owner, games, pricing, hours, address, contact } = venue;

export function AboutHero() {
  const photo = spacePhotos[0]!;
  return (
    <PageHero
      eyebrow="About us"
      title="A brand new board game/video game bar"
      intro={
        <>
          {venue.name} is the board game and video game bar inside {owner.name} in Brooklyn, owned and run by the comedy club venue
          itself. {venue.tagline}
        </>
      }
      media={<img src={photo.src} alt={photo.alt} width={photo.width} height={photo.height} fetchPriority="high" />}
    >
      <Actions className={styles.heroActions}>
        <ButtonLink href="/board-game-night">Reserve a free table</ButtonLink>
        <ButtonLink href="/meetups-groups" variant="secondary">
          See game nights
        </ButtonLink>
      </Actions>
    </PageHero>
  );
}

export function WhatMakesUsDifferent() {
  return (
    <TitledSection id="different" title="What makes us different">
      <Grid columns={3}>
        <Card className={styles.feature}>
          <IconTile className={styles.featureIcon}>
            <Icon name="dice" />
          </IconTile>
          <h3>{games.boardGameCount} games</h3>
          <p>
            A wall of {games.boardGameCount} board games, from two-minute party games to all-night strategy epics, plus{' '}
            {games.extras[2]}. Not sure what to play? Tell the bar your group size and mood and we'll pick something.
          </p>
        </Card>
        <Card className={styles.feature}>
          <IconTile className={styles.featureIcon}>
            <Icon name="paddle" />
          </IconTile>
          <h3>Interactive experiences</h3>
          <p>
            Get up from the table for {games.outdoor.join(', ')}. Slow down with {games.extras[0]} and {games.extras[1]}. And
            there's live stand-up a few steps away.
          </p>
        </Card>
        <Card className={styles.feature}>
          <IconTile className={styles.featureIcon}>
            <Icon name="people" />
          </IconTile>
          <h3>A community, not just a bar</h3>
          <p>
            Weekly card game nights, meetups, trivia and special events, and a group chat where regulars find players for
            tonight. Come alone and leave with a table of new friends.
          </p>
          <Link href="/join-whatsapp" className={styles.featureLink}>
            Join the group chat
          </Link>
        </Card>
      </Grid>
    </TitledSection>
  );
}

export function OwnedByTheClub() {
  return (
    <Section tight aria-labelledby="owner-heading">
      <Split className={styles.split}>
        <div>
          <h2 id="owner-heading">Owned by the comedy club</h2>
          <p>
            We're not a café that rents a corner of a club. {venue.name} belongs to {owner.name}, the same people who book the
            shows, so a night out can be a stand-up set and a game table under one roof, with no subway transfer in between.
          </p>
          <p>
            Catch a show first, or play until the late set starts. Tickets for the shows are on the club's own calendar.
          </p>
          <Actions>
            <ButtonLink href={owner.calendarUrl} variant="secondary">
              Comedy calendar<span className="visually-hidden"> (opens in a new tab)</span>
            </ButtonLink>
          </Actions>
        </div>
        <div className={styles.ownerCard}>
          <a href={owner.url} target="_blank" rel="noopener noreferrer">
            <img src={ownerLogo.src} alt={`${ownerLogo.alt} website (opens in a new tab)`} width={ownerLogo.width} height={ownerLogo.height} decoding="async" />
          </a>
          <p>
            Shows, tickets and news from the club live on <a href={owner.url} target="_blank" rel="noopener noreferrer">its own website<span className="visually-hidden"> (opens in a new tab)</span></a>.
          </p>
        </div>
      </Split>
    </Section>
  );
}

export function PlanYourVisit() {
  return (
    <TitledSection id="visit" title="Plan your visit">
      <dl className={styles.facts}>
        <div>
          <dt>Hours</dt>
          <dd>
            {hours.summary}. {hours.checkMapsNote}
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            <address>{address.oneLine}</address>
            {address.entranceNote}
          </dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>
            {pricing.entry}. Bar minimum: {pricing.barMinimum}
          </dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{venue.ageRule}. Please bring a valid photo ID.</dd>
        </div>
      </dl>
      <Actions>
        <ButtonLink href="/board-game-night" size="lg">
          Reserve a table for board game night
        </ButtonLink>
        <ButtonLink href="/faq" variant="ghost">
          Read the FAQ
        </ButtonLink>
      </Actions>
    </TitledSection>
  );
}

/** The influencer-collab prompt with the collabs email address. */
export function CollabPrompt() {
  return (
    <ActionPanel
      tone="pink"
      className={styles.collab}
      title="Creators, let's make something together"
      actions={
        <ButtonLink href="/game-master" variant="secondary">
          Apply for a paid collab
        </ButtonLink>
      }
    >
      We pay local influencers to bring their followers to game night. Email{' '}
      <a href={`mailto:${contact.collabEmail}?subject=${encodeURIComponent('Influencer collab')}`}>{contact.collabEmail}</a>{' '}
      with your handle and an idea, or apply through the form and we'll reply {venue.influencer.replyPromise}.
    </ActionPanel>
  );
}
