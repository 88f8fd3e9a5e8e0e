import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Container, Eyebrow } from '../../components/Layout';
import { venue } from '../../content/venue';
import { EMAIL_PATTERN } from '../../lib/rules/limits';
import styles from './thankYou.module.css';

function Confirmation({ eyebrow, title, children, actions }: { eyebrow: string; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className={styles.wrap}>
      <Container className={styles.inner}>
        <div className={styles.card}>
          <span className={styles.check} aria-hidden="true">
            <Icon name="check" size={36} />
          </span>
          <Eyebrow>{eyebrow}</Eyebrow>
          <h1 className={styles.title}>{title}</h1>
          {children}
          <div className={styles.actions}>{actions}</div>
        </div>
      </Container>
    </section>
  );
}

/** The address from ?email=…, only when it is one (never echo arbitrary text). */
export function emailFromQuery(search: string): string | null {
  const value = new URLSearchParams(search.replace(/^\?/, '')).get('email')?.trim() ?? '';
  return value && value.length <= 255 && EMAIL_PATTERN.test(value) ? value : null;
}

/** Both thank-you pages lead back home first. */
const BACK_HOME = (
  <ButtonLink href="/" size="lg">
    Back to Home
  </ButtonLink>
);

/** /private-events/thank-you */
export function InquiryThankYou({ email }: { email: string | null }) {
  return (
    <Confirmation
      eyebrow="Private events"
      title="Inquiry Received!"
      actions={
        <>
          {BACK_HOME}
          <ButtonLink href="/menu" variant="secondary" size="lg">
            View Menu
          </ButtonLink>
        </>
      }
    >
      <p className={styles.lead}>
        Thanks for thinking of {venue.name} for your event. We've received your inquiry, and our events team will reply{' '}
        {venue.privateEvents.replyPromise}
        {email ? (
          <>
            {' '}
            at <strong className={styles.email}>{email}</strong>
          </>
        ) : null}
        .
      </p>
      <ol className={styles.next} aria-label="What happens next">
        <li>
          <strong>Check your inbox.</strong> We've sent you a copy of your inquiry.
        </li>
        <li>
          <strong>We reply {venue.privateEvents.replyPromise}</strong> with availability and package ideas.
        </li>
        <li>
          <strong>Plan it together:</strong> games, food, drinks and the room, set up for up to {venue.privateEvents.maxGuests} guests.
        </li>
      </ol>
      <p className={styles.contact}>
        <Icon name="mail" size={20} />
        <span>
          Anything to add? Email <a href={`mailto:${venue.contact.eventsEmail}`}>{venue.contact.eventsEmail}</a>
        </span>
      </p>
    </Confirmation>
  );
}

/** /game-master/thank-you */
export function ApplicationThankYou() {
  return (
    <Confirmation
      eyebrow="Local Influencer Collabs"
      title="Application Submitted!"
      actions={BACK_HOME}
    >
      <p className={styles.lead}>
        Thanks for applying to create with {venue.name}. Our team reads every application and will reply by email{' '}
        {venue.influencer.replyPromise}.
      </p>
      <p className={styles.contact}>
        <Icon name="mail" size={20} />
        <span>
          Questions in the meantime? Email <a href={`mailto:${venue.contact.collabEmail}`}>{venue.contact.collabEmail}</a>
        </span>
      </p>
    </Confirmation>
  );
}
