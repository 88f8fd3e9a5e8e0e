import { useId } from 'react';
import styles from './content.module.css';

/** "On this page": in-page links to a document's sections. */
export function TableOfContents({ items, title = 'On this page' }: { items: { id: string; text: string }[]; title?: string }) {
  const headingId = useId();
  if (items.length < 2) return null;
  return (
    <nav className={styles.toc} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.tocTitle}>
        {title}
      </h2>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
