import { Accordion } from '../../components/Accordion';
import type { FaqEntry } from '../../content/faq';
import { RouteLinkedText } from './RouteLinkedText';
import styles from './content.module.css';

/** The FAQ accordion: questions as h2 buttons (one open at a time, the first open to start), answers with links to the pages they name. */
export function FaqList({ entries, defaultOpenId = entries[0]?.id ?? null }: { entries: readonly FaqEntry[]; defaultOpenId?: string | null }) {
  return (
    <Accordion
      className={styles.faq}
      headingLevel={2}
      defaultOpenId={defaultOpenId}
      items={entries.map((entry) => ({
        id: entry.id,
        title: entry.question,
        content: (
          <p>
            <RouteLinkedText text={entry.answer} />
          </p>
        ),
      }))}
    />
  );
}
