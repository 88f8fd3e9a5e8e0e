import { ButtonLink } from '../../components/Button';
import { Card, Container, Section } from '../../components/Layout';
import { venue } from '../../content/venue';
import styles from './home.module.css';

export function ReservationCard() {
  return (
    <Section tight>
      <Container>
        <Card className={styles.reserveCard}>
          <div>
            <h2>Board game night, every night</h2>
            <p>
              {venue.hours.summary}. Entry is free, tables are not unlimited: reserve yours in under a minute and
              we'll hold it for your group.
            </p>
            <ul className={styles.facts}>
              <li>
                <strong>Free entry</strong> · support the bar: {venue.pricing.barMinimum}
              </li>
              <li>
                <strong>{venue.games.boardGameCount} games</strong>, video games and outdoor-style games
              </li>
              <li>
                <strong>{venue.ageRule}</strong> · parties of 1 to 20
              </li>
            </ul>
          </div>
          <ButtonLink href="/board-game-night" size="lg">
            Reserve your table
          </ButtonLink>
        </Card>
      </Container>
    </Section>
  );
}
