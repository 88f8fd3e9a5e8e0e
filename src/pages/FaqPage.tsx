import { ButtonLink } from '../components/Button';
import { Container, Section } from '../components/Layout';
import { PageHero } from '../components/PageHero';
import { faq } from '../content/faq';
import { venue } from '../content/venue';
import { Callout } from '../features/content';
import { FaqList } from '../features/content';

export default function FaqPage() {
  return (
    <>
      <PageHero
        eyebrow="Good to know"
        title="Frequently Asked Questions"
        intro={`Hours, cost, reservations, games and getting here: the questions guests ask us most. ${venue.hours.summary}, ${venue.ageRule}.`}
      />
      <Section aria-label="Questions and answers">
        <Container>
          <FaqList entries={faq} />
        </Container>
      </Section>
      <Callout title="Still have a question?" actions={<ButtonLink href="/board-game-night">Reserve a free table</ButtonLink>}>
        Email us at <a href={`mailto:${venue.contact.email}`}>{venue.contact.email}</a> and a real person will write back. Ready to play?
        Reserving a table is free.
      </Callout>
    </>
  );
}
