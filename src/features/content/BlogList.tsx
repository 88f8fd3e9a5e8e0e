import { Link } from 'wouter';
import type { BlogArticleMeta as BlogArticle } from '../../content/blog';
import { formatCalendarDate } from './blogFormat';
import styles from './blog.module.css';

export function ArticleMeta({ article, className }: { article: BlogArticle; className?: string }) {
  return (
    <ul className={[styles.meta, className].filter(Boolean).join(' ')}>
      <li>
        <time dateTime={article.published}>{formatCalendarDate(article.published)}</time>
      </li>
      <li>{article.readingMinutes} min read</li>
    </ul>
  );
}

/** Article cards: each title links to /blog/<slug>, and the whole card is its hit area. */
export function BlogList({
  list,
  headingLevel = 2,
  featured = false,
}: {
  list: readonly BlogArticle[];
  headingLevel?: 2 | 3;
  featured?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={[styles.list, featured ? styles.featured : ''].filter(Boolean).join(' ')}>
      {list.map((article) => (
        <li key={article.slug}>
          <article className={styles.card}>
            <Heading>
              <Link href={`/blog/${article.slug}`} className={styles.cardLink}>
                {article.title}
              </Link>
            </Heading>
            <p>{article.description}</p>
            <ArticleMeta article={article} />
          </article>
        </li>
      ))}
    </ul>
  );
}
