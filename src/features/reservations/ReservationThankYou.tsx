import { QRCodeSVG } from 'qrcode.react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ButtonLink } from '../../components/Button';
import { Card, Container, Eyebrow, Lead, Section } from '../../components/Layout';
import { venue } from '../../content/venue';
import { resolveThankYouData, type ReservationDetails } from './thankYouData';
import { HomeAndNext } from './HomeAndNext';
import styles from './ThankYou.module.css';
import { DetailList } from '../../components/DetailList';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The reservation's details in the order the card lists them; an empty one is left out. */
const DETAIL_ROWS: ReadonlyArray<{ field: keyof ReservationDetails; label: string }> = [
  { field: 'eventName', label: 'Event' },
  { field: 'eventDate', label: 'Date' },
  { field: 'eventTime', label: 'Time' },
  { field: 'name', label: 'Name' },
  { field: 'email', label: 'Email' },
];

/** /reservation-thank-you: 'You're All Set', the details, the address, the group chat and the bar rule. */
export function ReservationThankYou() {
  const state = useHistoryState<unknown>();
  const search = useSearch();
  const { details, source } = useMemo(
    () => resolveThankYouData({ state, storage: sessionStore(), search }),
    [state, search],
  );
  const hasInvite = details.eventName !== '' && details.eventDate !== '';

  return (
    <>
      <header className={styles.hero}>
        <Container reading>
          <span className={styles.check} aria-hidden="true">
            ✓
          </span>
          <h1>You're All Set</h1>
          <Lead>
            {details.name ? `Thanks, ${details.name}! ` : ''}
            {source === 'none'
              ? 'Your reservation is in. Check your email for the confirmation.'
              : `Your spot is reserved.${details.email ? ` A confirmation email is on its way to ${details.email}.` : ''}`}
          </Lead>
        </Container>
      </header>
      <Section tight>
        <Container reading className={styles.stack}>
          {source !== 'none' ? (
            <Card as="section" aria-labelledby="reservation-details-heading" data-testid="reservation-details">
              <h2 id="reservation-details-heading" className={styles.cardTitle}>
                Your reservation
              </h2>
              <DetailList className={styles.details} rows={DETAIL_ROWS.filter(({ field }) => details[field]).map(({ field, label }) => [label, details[field], field] as const)} />
            </Card>
          ) : null}

          <Card as="section" aria-labelledby="where-heading">
            <h2 id="where-heading" className={styles.cardTitle}>
              Where
            </h2>
            <address className={styles.address}>
              <strong>{venue.name}</strong>
              <br />
              {venue.address.oneLine}
            </address>
            <p className={styles.muted}>{venue.address.entranceNote}</p>
            <a href={venue.address.mapsUrl} target="_blank" rel="noopener noreferrer">
              Open in Maps<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </Card>

          {hasInvite ? (
            <Card as="section" aria-labelledby="chat-heading" className={styles.invite} data-testid="group-chat-invite">
              <div>
                <Eyebrow>Before you come</Eyebrow>
                <h2 id="chat-heading" className={styles.cardTitle}>
                  Join the group chat
                </h2>
                <p>
                  Meet the other players going to {details.eventName} on {details.eventDate}, find a team and hear
                  about game nights first.
                </p>
                <ButtonLink href={venue.community.groupChatUrl} variant="primary">
                  Join the group chat
                </ButtonLink>
              </div>
              <figure className={styles.qr}>
                <QRCodeSVG value={venue.community.groupChatUrl} size={160} marginSize={2} title="QR code: join the group chat" />
                <figcaption>Scan with your phone</figcaption>
              </figure>
            </Card>
          ) : null}

          <Card as="section" aria-labelledby="support-heading" className={styles.support}>
            <h2 id="support-heading" className={styles.cardTitle}>
              Support the bar
            </h2>
            <p>
              {venue.pricing.entry}. {venue.pricing.supportTheBar}
            </p>
            <p className={styles.muted}>Bar minimum: {venue.pricing.barMinimum}</p>
          </Card>

          <HomeAndNext href="/meetups-groups">View More Events</HomeAndNext>
        </Container>
      </Section>
    </>
  );
}
