import { Icon } from '../../components/Icon';
import { Card, Container, Grid, Section } from '../../components/Layout';
import { IconTile } from '../../components/IconTile';
import { venue } from '../../content/venue';
import styles from './home.module.css';

export function FeatureCards() {
  return (
    <Section>
      <Container>
        <Grid columns={2}>
          <Card className={styles.feature}>
            <IconTile className={styles.featureIcon}>
              <Icon name="dice" size={28} />
            </IconTile>
            <h2>500+ Board Games &amp; Video Games to Play</h2>
            <p>
              Party games, strategy epics, two-player duels and the classics you grew up with, plus video games on a big
              screen. Not sure what to pick? Ask the bar: we'll match a game to your group.
            </p>
          </Card>
          <Card className={styles.feature}>
            <IconTile className={styles.featureIcon}>
              <Icon name="paddle" size={28} />
            </IconTile>
            <h2>Interactive Fun</h2>
            <p>
              Step away from the table for {venue.games.outdoor.join(', ')}. Wind down with{' '}
              {venue.games.extras.slice(0, 2).join(' and ')}. Then catch a show at the comedy club.
            </p>
          </Card>
        </Grid>
      </Container>
    </Section>
  );
}
