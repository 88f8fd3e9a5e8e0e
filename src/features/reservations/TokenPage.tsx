import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Card, Container, Lead, Section } from '../../components/Layout';
import { venue } from '../../content/venue';
import styles from './ThankYou.module.css';

/** '1 person', '4 people'. */
export function people(n: number): string {
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}

/**
 * The frame of a page behind a link in a guest's email (manage a reservation, a waitlist entry):
 * the title and one line under it, then the page's cards. When the guest's own action changes
 * the title (cancelled, claimed, left) focus moves to it, so a screen reader hears the outcome;
 * loading the page never moves focus.
 */
export function TokenPage({ title, intro, afterAction = false, children }: { title: string; intro: ReactNode; afterAction?: boolean; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(title);
  useEffect(() => {
    if (shown.current === title) return;
    shown.current = title;
    if (afterAction) headingRef.current?.focus();
  }, [title, afterAction]);
  return (
    <>
      <header className={styles.hero}>
        <Container reading>
          <h1 ref={headingRef} tabIndex={-1}>
            {title}
          </h1>
          <Lead>{intro}</Lead>
        </Container>
      </header>
      <Section tight>
        <Container reading className={styles.stack}>
          {children}
        </Container>
      </Section>
    </>
  );
}

/** Terms and values (a reservation's or a waitlist entry's details). */
export function DetailList({ rows, testId }: { rows: ReadonlyArray<readonly [string, ReactNode]>; testId?: string }) {
  return (
    <dl className={styles.details} data-testid={testId}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LoadingCard({ children }: { children: ReactNode }) {
  return (
    <Card aria-busy="true">
      <p className={styles.muted}>{children}</p>
    </Card>
  );
}

export function RetryCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert">
      <p>{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </Card>
  );
}

export function NeedHelp() {
  return (
    <p className={styles.muted}>
      Need help? Email <a href={`mailto:${venue.contact.email}`}>{venue.contact.email}</a>.
    </p>
  );
}
