import { ButtonLink, buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Container, Eyebrow, Lead, Section, Split } from '../../components/Layout';
import { HeroVideo } from '../../components/LoopingVideo';
import { HeroBand } from '../../components/PageHero';
import { MenuImage } from '../../components/SpaceGallery';
import { IconTile, TileText } from '../../components/IconTile';
import { PhotoList } from '../../components/PhotoList';
import { privateEventsVideo, spacePhotos } from '../../content/media';
import { venue } from '../../content/venue';
import { InquiryForm } from './lazyForms';
import { OfferIcon, type OfferIconName } from './offerIcons';
import styles from './privateEvents.module.css';

const maxGuests = venue.privateEvents.maxGuests;
export const PLAN_SECTION_ID = 'plan-your-event';

export function PrivateEventsHero() {
  return (
    <HeroBand
      className={styles.hero}
      glow
      media={<HeroVideo video={privateEventsVideo} />}
    >
      <Eyebrow>Private events · Brooklyn</Eyebrow>
      <h1 className={styles.heroTitle}>
        Host Your <span className={styles.highlight}>Dream Event</span>
      </h1>
      <Lead>
        Birthdays, weddings, team nights and parties for up to {maxGuests} guests, with {venue.games.boardGameCount} games,
        craft cocktails and a full kitchen, inside a Brooklyn comedy club.
      </Lead>
      <div className={styles.heroActions}>
        <a href={`#${PLAN_SECTION_ID}`} className={buttonClass({ size: 'lg' })}>
          Plan your event
        </a>
        <ButtonLink href="/menu" variant="secondary" size="lg">
          View the menu
        </ButtonLink>
      </div>
      <ul className={styles.heroFacts}>
        <li>
          <Icon name="users" size={20} />
          <span>
            <strong>Up to {maxGuests} guests</strong>
          </span>
        </li>
        <li>
          <Icon name="dice" size={20} />
          <span>
            <strong>{venue.games.boardGameCount}</strong> board &amp; video games
          </span>
        </li>
        <li>
          <Icon name="glass" size={20} />
          <span>
            <strong>Full bar</strong> &amp; kitchen
          </span>
        </li>
      </ul>
    </HeroBand>
  );
}

const OCCASIONS: Array<{ icon: OfferIconName; title: string; text: string; ideas: string[] }> = [
  {
    icon: 'briefcase',
    title: 'Corporate Events',
    text: 'Team nights, offsites and client mixers that people actually want to come to. A friendly tournament breaks the ice faster than any slideshow.',
    ideas: ['Team building', 'Holiday parties', 'Client nights'],
  },
  {
    icon: 'heart',
    title: 'Weddings',
    text: 'Rehearsal dinners, engagement parties and after-parties with cocktails, giant games and a room that feels like your own.',
    ideas: ['Rehearsal dinners', 'Engagements', 'After-parties'],
  },
  {
    icon: 'cake',
    title: 'Birthdays',
    text: `From a 21st to a 50th: bring the whole crew, pick the games, and let the bar and kitchen keep the party going.`,
    ideas: ['Milestone birthdays', 'Surprise parties', 'Game marathons'],
  },
];

export function OccasionCards() {
  return (
    <Section aria-labelledby="occasions-heading">
      <Container>
        <div className={styles.sectionHead}>
          <Eyebrow>Celebrate here</Eyebrow>
          <h2 id="occasions-heading">Perfect For Every Occasion</h2>
        </div>
        <ul className={styles.occasions}>
          {OCCASIONS.map((o) => (
            <li key={o.title} className={styles.occasion}>
              <IconTile className={styles.occasionIcon}>
                <OfferIcon name={o.icon} size={30} />
              </IconTile>
              <h3>{o.title}</h3>
              <p>{o.text}</p>
              <ul className={styles.tags} aria-label={`${o.title} ideas`}>
                {o.ideas.map((idea) => (
                  <li key={idea}>{idea}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}

export function OurSpace() {
  return (
    <Section aria-labelledby="space-heading" className={styles.spaceSection}>
      <Container>
        <div className={styles.sectionHead}>
          <Eyebrow>Take a look</Eyebrow>
          <h2 id="space-heading">Our Space</h2>
          <p className={styles.sectionLead}>
            A game wall, a full bar and room to spread out. We arrange the floor around your event, for up to {maxGuests}{' '}
            guests.
          </p>
        </div>
        <PhotoList photos={spacePhotos} className={styles.photoGrid} />
      </Container>
    </Section>
  );
}

const OFFERS: Array<{ icon: OfferIconName; title: string; text: string }> = [
  { icon: 'glass', title: 'Craft Cocktails', text: 'A full bar with cocktails, beer, wine and zero-proof options.' },
  { icon: 'layout', title: 'Flexible Space', text: 'Set up for mingling, a tournament or a sit-down meal.' },
  { icon: 'dice', title: 'Board & Video Games', text: `${venue.games.boardGameCount} board games, and staff to teach them.` },
  { icon: 'sparkle', title: 'Custom Packages', text: 'Food, drinks and games put together around your budget.' },
  { icon: 'paddle', title: 'Ping Pong', text: 'A table ready for rallies and bragging rights.' },
  { icon: 'cornhole', title: 'Corn Hole', text: 'The backyard classic, indoors and all year.' },
  { icon: 'jenga', title: 'Giant Jenga', text: 'Tall towers, steady hands, loud crashes.' },
  { icon: 'connect4', title: 'Giant Connect 4', text: 'Four in a row, supersized.' },
  { icon: 'screen', title: 'Video Games on a Huge Screen', text: 'Party and fighting games for the whole room.' },
  { icon: 'kitchen', title: 'Full Kitchen', text: 'Shareable plates and bites to keep everyone playing.' },
];

export function WhatWeOffer() {
  return (
    <Section aria-labelledby="offer-heading">
      <Container>
        <div className={styles.sectionHead}>
          <Eyebrow>Everything included</Eyebrow>
          <h2 id="offer-heading">What We Offer</h2>
        </div>
        <ul className={styles.offers} data-testid="offers">
          {OFFERS.map((o) => (
            <li key={o.title} className={styles.offer}>
              <IconTile className={styles.offerIcon}>
                <OfferIcon name={o.icon} size={26} />
              </IconTile>
              <span>
                <h3 className={styles.offerTitle}>{o.title}</h3>
                <p>{o.text}</p>
              </span>
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}

export function EventMenu() {
  return (
    <Section aria-labelledby="event-menu-heading" className={styles.menuSection}>
      <Split className={styles.menuGrid}>
        <div>
          <Eyebrow>Eat, drink, play</Eyebrow>
          <h2 id="event-menu-heading">Food &amp; Drinks Menu</h2>
          <p className={styles.sectionLead}>
            Our kitchen and bar look after every private event: shareable plates, cocktails, beer and wine. Tap the menu to
            see it full size, and tell us in your inquiry what your group would like.
          </p>
          <ButtonLink href="/menu" variant="secondary">
            See the full menu
          </ButtonLink>
        </div>
        <div className={styles.menuImage}>
          <MenuImage linkToMenu />
        </div>
      </Split>
    </Section>
  );
}

const STEPS = [
  { title: 'Tell us about your event', text: 'A few details are enough: date, group size, what you have in mind.' },
  { title: `We reply ${venue.privateEvents.replyPromise}`, text: 'Our events team emails you with availability and package ideas.' },
  { title: 'Plan it together', text: 'Pick your games, food and drinks, and we set the room up for you.' },
];

export function PlanYourEvent() {
  return (
    <Section id={PLAN_SECTION_ID} aria-labelledby="plan-heading" className={styles.planSection}>
      <Container className={styles.planGrid}>
        <div className={styles.planIntro}>
          <Eyebrow>Inquire</Eyebrow>
          <h2 id="plan-heading">Plan Your Event</h2>
          <p className={styles.sectionLead}>
            Private events hold up to {maxGuests} guests. Tell us what you're planning and we'll put together a package that fits.
          </p>
          <ol className={styles.steps}>
            {STEPS.map((s, i) => (
              <li key={s.title}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <TileText title={s.title}>{s.text}</TileText>
              </li>
            ))}
          </ol>
          <p className={styles.contact}>
            <Icon name="mail" size={20} />
            <span>
              Rather write directly? <a href={`mailto:${venue.contact.eventsEmail}`}>{venue.contact.eventsEmail}</a>
            </span>
          </p>
        </div>
        <div className={styles.formCard}>
          <InquiryForm headingId="plan-heading" />
        </div>
      </Container>
    </Section>
  );
}
