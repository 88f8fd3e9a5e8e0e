import { ButtonLink } from '../../components/Button';
import { Card, Container, Eyebrow, Lead, Section } from '../../components/Layout';
import { venue } from '../../content/venue';
import { EventsExplorer } from './EventsExplorer';
import { VenueIcon } from '../../components/VenueIcon';
import styles from './MeetupsGroups.module.css';

const smsHref = `sms:${venue.contact.hostingText.replace(/[^\d+]/g, '')}`;

/** /meetups-groups ('Game Nights, Meetups, & more!'). */
export function MeetupsGroups() {
  return (
    <>
      <header className={styles.hero}>
        <Container>
          <Eyebrow>Weekly game nights · meetups · special events</Eyebrow>
          <h1>Game Nights, Meetups, &amp; more!</h1>
          <Lead>
            Magic drafts, Pokemon, Star Wars Unlimited, art nights and board game meetups every week, plus special
            events. Pick a date, then reserve your spot: it's free.
          </Lead>
          <ButtonLink href="/board-game-night" className={styles.banner}>
            <VenueIcon name="dice" /> Just want a table? Reserve a free board game night table
          </ButtonLink>
        </Container>
      </header>

      <EventsExplorer />

      <Section aria-labelledby="community-heading">
        <Container>
          <div className={styles.community}>
            <Card>
              <h2 id="community-heading" className={styles.cardTitle}>
                Find your people
              </h2>
              <p>Join the group chat to find players for tonight, hear about new events first and never play alone.</p>
              <ButtonLink href="/join-whatsapp" variant="secondary">
                Join the group chat
              </ButtonLink>
            </Card>
            <Card as="section" aria-labelledby="host-heading">
              <h2 id="host-heading" className={styles.cardTitle}>
                Host your own game night
              </h2>
              <p>
                Run a meetup, a tournament or a club night with us. Email or text us (texts only, please: we can't take
                calls).
              </p>
              <ul className={styles.contact}>
                <li>
                  Email: <a href={`mailto:${venue.contact.email}?subject=Hosting%20an%20event`}>{venue.contact.email}</a>
                </li>
                <li>
                  Text: <a href={smsHref}>{venue.contact.hostingText}</a>
                </li>
              </ul>
            </Card>
          </div>
        </Container>
      </Section>
    </>
  );
}
