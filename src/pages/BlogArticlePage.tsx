import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function BlogArticlePage() {
  return (
    <PageHero title={'Blog'} intro={'Stories, guides and game night ideas from a Brooklyn board game bar inside a comedy club.'}>
      <ButtonLink href="/blog">All articles</ButtonLink>
    </PageHero>
  );
}
