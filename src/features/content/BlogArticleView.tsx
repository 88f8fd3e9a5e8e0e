import { Link } from 'wouter';
import { ButtonLink } from '../../components/Button';
import { Container, Section } from '../../components/Layout';
import { PageHero } from '../../components/PageHero';
import { articles, type ArticleBody, type BlogArticleMeta } from '../../content/blog';
import { venue } from '../../content/venue';
import { BlogList, ArticleMeta } from './BlogList';
import { Callout } from './Callout';
import { ArticleProse } from './ArticleProse';
import { TableOfContents } from './TableOfContents';
import { relatedArticles } from './blogFormat';
import styles from './blog.module.css';

/** One article: title and meta, the body with an "In this article" list, a next step and more to read. */
export function BlogArticleView({ article, body }: { article: BlogArticleMeta; body: ArticleBody }) {
  const related = relatedArticles(articles, article.slug);
  return (
    <article>
      <PageHero eyebrow="Blog" title={article.title} intro={article.description}>
        <ArticleMeta article={article} className={styles.articleMeta} />
      </PageHero>
      <Section>
        <Container className={styles.articleLayout}>
          <aside className={styles.aside}>
            <TableOfContents title="In this article" items={body.outline} />
          </aside>
          <div>
            <ArticleProse html={body.html} />
            <p>
              <Link href="/blog" className={styles.back}>
                <span aria-hidden="true">←</span> All articles
              </Link>
            </p>
          </div>
        </Container>
      </Section>
      <Callout
        title="Come play with us"
        actions={
          <>
            <ButtonLink href="/board-game-night">Reserve a free table</ButtonLink>
            <ButtonLink href="/meetups-groups" variant="secondary">
              See game nights
            </ButtonLink>
          </>
        }
      >
        {venue.hours.summary} at {venue.address.oneLine}. {venue.pricing.entry}; tables are limited each night, so reserve ahead.
      </Callout>
      <Section aria-labelledby="keep-reading">
        <Container>
          <h2 id="keep-reading">Keep reading</h2>
          <BlogList list={related} headingLevel={3} />
        </Container>
      </Section>
    </article>
  );
}
