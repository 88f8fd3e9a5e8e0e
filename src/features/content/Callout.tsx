import { useId, type ReactNode } from 'react';
import { Container, Section } from '../../components/Layout';
import styles from './content.module.css';

/** A closing card with a next step: a heading, a line of copy and one or two buttons. */
export function Callout({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const headingId = useId();
  return (
    <Section tight aria-labelledby={headingId}>
      <Container>
        <div className={styles.callout}>
          <div>
            <h2 id={headingId}>{title}</h2>
            <p>{children}</p>
          </div>
          <div className={styles.calloutActions}>{actions}</div>
        </div>
      </Container>
    </Section>
  );
}
