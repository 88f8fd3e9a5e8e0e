import { useId, type ReactNode } from 'react';
import styles from './ActionPanel.module.css';
import { Container, Section } from './Layout';

interface Props {
  title: ReactNode;
  /** The line of copy under the title. */
  children: ReactNode;
  /** Beside the copy on wide screens, under it on phones. */
  actions: ReactNode;
  /** amber: a closing next step; pink (dashed): the invitation to creators. */
  tone?: 'amber' | 'pink';
  className?: string;
}

/** A band with a heading, a line of copy and a call to action, the way several pages end. */
export function ActionPanel({ title, children, actions, tone = 'amber', className }: Props) {
  const headingId = useId();
  return (
    <Section tight aria-labelledby={headingId}>
      <Container>
        <div className={[styles.panel, styles[tone], className].filter(Boolean).join(' ')}>
          <div>
            <h2 id={headingId}>{title}</h2>
            <p>{children}</p>
          </div>
          {actions}
        </div>
      </Container>
    </Section>
  );
}
