import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { JsonAnswer } from '../../lib/api/json';
import { Button } from '../../components/Button';
import { DetailList as SharedDetailList, type DetailRow } from '../../components/DetailList';
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
/** `quiet`: nothing on the page sets off the click celebration (a cancellation is no success). */
export function TokenPage({ title, intro, afterAction = false, quiet = false, children }: { title: string; intro: ReactNode; afterAction?: boolean; quiet?: boolean; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(title);
  useEffect(() => {
    if (shown.current === title) return;
    shown.current = title;
    if (afterAction) headingRef.current?.focus();
  }, [title, afterAction]);
  return (
    <>
      <header className={styles.hero} data-no-celebration={quiet || undefined}>
        <Container reading>
          <h1 ref={headingRef} tabIndex={-1}>
            {title}
          </h1>
          <Lead>{intro}</Lead>
        </Container>
      </header>
      <Section tight data-no-celebration={quiet || undefined}>
        <Container reading className={styles.stack}>
          {children}
        </Container>
      </Section>
    </>
  );
}

/**
 * The server's answer for a mail link's token (null while loading, 'failed' without one), looked
 * up again by `retry`; an answer for an earlier token or attempt is dropped.
 */
export function useTokenAnswer(lookUp: (token: string) => Promise<JsonAnswer>, token: string): { answer: JsonAnswer | 'failed' | null; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [latest, setLatest] = useState<{ key: string; answer: JsonAnswer | 'failed' } | null>(null);
  const key = `${token}#${attempt}`;
  useEffect(() => {
    let stale = false;
    lookUp(token).then(
      (answer) => stale || setLatest({ key, answer }),
      () => stale || setLatest({ key, answer: 'failed' }),
    );
    return () => {
      stale = true;
    };
  }, [lookUp, token, key]);
  return { answer: latest?.key === key ? latest.answer : null, retry: () => setAttempt((n) => n + 1) };
}

/** A reservation's or a waitlist entry's details, in the thank-you page's look. */
export function DetailList({ rows, testId }: { rows: ReadonlyArray<DetailRow>; testId?: string }) {
  return <SharedDetailList rows={rows} className={styles.details} testId={testId} />;
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
