import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import styles from './content.module.css';

/**
 * An article body rendered to HTML at build time (src/content/blog/render.ts escapes its text and
 * keeps only safe links). A click on a site link navigates in the app, as a wouter <Link> would;
 * modified clicks, new tabs and other links behave as the browser does.
 */
export function ArticleProse({ html, className }: { html: string; className?: string }) {
  const [, navigate] = useLocation();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    const link = (event.target as Element).closest?.('a');
    const href = link?.getAttribute('href');
    if (!link || !href?.startsWith('/') || href.startsWith('//') || link.target) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // The clicks are the links' own; the handler only keeps site links inside the app.
    <div className={[styles.prose, className].filter(Boolean).join(' ')} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
