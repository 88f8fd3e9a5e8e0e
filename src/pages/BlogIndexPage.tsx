import { Container, Section } from '../components/Layout';
import { PageHero } from '../components/PageHero';
import { articles } from '../content/blog';
import { BlogList } from '../features/content';

export default function BlogIndexPage() {
  return (
    <>
      <PageHero
        eyebrow="From the game table"
        title="Blog"
        intro="Guides, stories and game night ideas from a Brooklyn board game bar inside a comedy club."
      />
      <Section aria-label="Articles">
        <Container>
          <BlogList list={articles} featured />
        </Container>
      </Section>
    </>
  );
}
