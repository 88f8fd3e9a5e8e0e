import { useId, useState, type ReactNode } from 'react';
import styles from './Accordion.module.css';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

interface Props {
  items: AccordionItem[];
  /** Heading level of each item's trigger, so the page keeps a logical outline. */
  headingLevel?: 2 | 3 | 4;
  defaultOpenId?: string | null;
  className?: string;
}

/** One item open at a time; choosing the open item again closes it (SPEC §4 "Accordion"). */
export function Accordion({ items, headingLevel = 3, defaultOpenId = null, className }: Props) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <div className={[styles.accordion, className].filter(Boolean).join(' ')}>
      {items.map((item) => {
        const open = openId === item.id;
        const triggerId = `${baseId}-${item.id}-trigger`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} className={styles.item} data-open={open || undefined}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={triggerId}
                className={styles.trigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
              >
                <span>{item.title}</span>
                <span className={styles.icon} aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={triggerId} hidden={!open} className={styles.panel}>
              {open ? item.content : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
