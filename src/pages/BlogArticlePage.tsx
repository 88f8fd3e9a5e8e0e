import { use } from 'react';
import { useParams } from 'wouter';
import { NotFound } from '../components/routing';
import { getArticle, loadArticleBody } from '../content/blog';
import { BlogArticleView } from '../features/content';

export default function BlogArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const article = getArticle(slug);
  if (!article) return <NotFound />;
  return <ArticleWithBody key={article.slug} slug={article.slug} />;
}

/** Each body is its own chunk: the page suspends until it is in (at once when it was preloaded). */
function ArticleWithBody({ slug }: { slug: string }) {
  const body = use(loadArticleBody(slug));
  return <BlogArticleView article={getArticle(slug)!} body={body} />;
}
