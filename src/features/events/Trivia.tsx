import { Link } from 'wouter';
import { Accordion } from '../../components/Accordion';
import { ButtonLink } from '../../components/Button';
import { Card, Container, Eyebrow, Lead, Notice, Section } from '../../components/Layout';
import { IconTile } from '../../components/IconTile';
import { venue } from '../../content/venue';
import { FIXED_WEEKLY_EVENTS } from '../../lib/rules/limits';
import { VenueIcon } from '../../components/VenueIcon';
import { EventReservationForm } from '../reservations';
import { UpcomingSpecials } from './UpcomingSpecials';
import styles from './Trivia.module.css';

const { trivia } = venue;

const [MOVIE, MUSIC] = FIXED_WEEKLY_EVENTS;

/** The two weekly trivia nights (SPEC §2); names and weekdays are the ones the server accepts. */
export const TRIVIA_NIGHTS = [
  {
    id: 'movie',
    name: MOVIE.title,
    weekday: MOVIE.weekday,
    day: 'Friday',
    icon: 'film',
    blurb: 'Quotes, scores, stars and scenes: from blockbusters to cult classics.',
  },
  {
    id: 'music',
    name: MUSIC.title,
    weekday: MUSIC.weekday,
    day: 'Saturday',
    icon: 'music',
    blurb: 'Name that tune, finish the lyric, guess the decade: every genre, every era.',
  },
] as const;

const FAQ = [
  {
    id: 'free',
    title: 'Is trivia free?',
    content: (
      <p>
        Yes, trivia is free to play. Like every night here, we ask guests to support the bar: {venue.pricing.barMinimum}
      </p>
    ),
  },
  {
    id: 'team',
    title: 'Do I need a team?',
    content: (
      <p>
        Teams are typically {trivia.teamSize}. Bring your crew, or come on your own and we'll help you find a team
        (the <Link href="/join-whatsapp">group chat</Link> is a good place to find teammates too).
      </p>
    ),
  },
  {
    id: 'difficulty',
    title: 'How hard are the questions?',
    content: (
      <p>
        A mix: every round starts with questions most people will know and ends with deep cuts for the superfans. You
        don't need to be an expert to have a great night.
      </p>
    ),
  },
  {
    id: 'reservation',
    title: 'Do I need a reservation?',
    content: (
      <p>
        Reserving is free and recommended: tables are limited. Each player can reserve a spot with the forms on this
        page. Walk-ins are welcome while space lasts. Please arrive by {trivia.arriveBy} so your team is settled before
        the first question.
      </p>
    ),
  },
  {
    id: 'duration',
    title: 'How long does it last?',
    content: (
      <p>
        Trivia starts at {trivia.start} and runs until about {trivia.end}. The bar and the games stay open after.
      </p>
    ),
  },
];

/** /trivia: Movie & Music Trivia, Friday and Saturday at 10PM. */
export function Trivia() {
  return (
    <>
      <header className={styles.hero}>
        <Container>
          <Eyebrow>Every {trivia.days} · {trivia.start}</Eyebrow>
          <h1>Movie &amp; Music Trivia</h1>
          <Lead>
            Movie Trivia on Fridays and Music Trivia on Saturdays, at {trivia.start}. Free to play, teams of{' '}
            {trivia.teamSize}, with a full bar and food between rounds.
          </Lead>
          <ul className={styles.facts}>
            <li>
              <strong>Free</strong> to play
            </li>
            <li>
              Teams of <strong>{trivia.teamSize}</strong>
            </li>
            <li>
              Arrive by <strong>{trivia.arriveBy}</strong>
            </li>
            <li>
              Until <strong>{trivia.end}</strong>
            </li>
          </ul>
          <Notice>Tables are limited: reserve your spot</Notice>
        </Container>
      </header>

      <Section tight aria-labelledby="trivia-reserve-heading">
        <Container>
          <h2 id="trivia-reserve-heading" className="visually-hidden">
            Reserve a spot
          </h2>
          <div className={styles.nights}>
            {TRIVIA_NIGHTS.map((night) => (
              <Card as="section" key={night.id} className={styles.night} aria-labelledby={`trivia-${night.id}`} data-testid={`trivia-${night.id}`}>
                <IconTile className={styles.icon}>
                  <VenueIcon name={night.icon} />
                </IconTile>
                <h3 id={`trivia-${night.id}`}>{night.name}</h3>
                <p className={styles.when}>
                  {night.day}s at {trivia.start}
                </p>
                <p className={styles.blurb}>{night.blurb}</p>
                <EventReservationForm eventName={night.name} eventTime={trivia.start} weekday={night.weekday} />
              </Card>
            ))}
          </div>
        </Container>
      </Section>

      <Section aria-labelledby="trivia-faq-heading">
        <Container reading>
          <h2 id="trivia-faq-heading">Trivia questions, answered</h2>
          <Accordion items={FAQ} headingLevel={3} />
        </Container>
      </Section>

      <Section tight aria-labelledby="trivia-specials-heading">
        <Container>
          <h2 id="trivia-specials-heading">Also coming up</h2>
          <UpcomingSpecials />
          <p className={styles.more}>
            More on the way every week: <ButtonLink href="/meetups-groups" variant="ghost" size="sm">see all game nights</ButtonLink>
          </p>
        </Container>
      </Section>
    </>
  );
}
