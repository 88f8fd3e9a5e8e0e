import { useParams } from 'wouter';
import { NotFoundPage } from '../app/routes';
import { getArticle } from '../content/blog';
import { BlogArticleView } from '../features/content';

export default function BlogArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const article = getArticle(slug);
  if (!article) return <NotFoundPage />;
  return <BlogArticleView key={article.slug} article={article} />;
}
