import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ButtonLink } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { Container, Eyebrow, Lead, Section } from '../../components/Layout';
import { HeroBand } from '../../components/PageHero';
import { TileList } from '../../components/IconTile';
import { venue } from '../../content/venue';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { formatCents, passLine, type PassReceipt } from './receipt';
import { usePassConfirmation, type PassSendState } from './usePassConfirmation';
import styles from './monthlyPass.module.css';
import { DetailList } from '../../components/DetailList';

const { validDays, promoCode, promoDiscount } = venue.monthlyPass;

/** The page's one h1: 'Monthly Pass active'. */
export function MonthlyPassHero({ receipt }: { receipt: PassReceipt }) {
  return (
    <HeroBand className={styles.hero} textClassName={styles.heroInner}>
      <span className={styles.badge}>
        <Icon name="check" size={18} /> Active
      </span>
      <Eyebrow>Your receipt</Eyebrow>
      <h1>Monthly Pass active</h1>
      <Lead>
        {receipt.name ? `Thanks, ${receipt.name}! ` : 'Thanks! '}
        Unlimited game nights for one month: your pass is valid for {validDays} days. It's a one-time purchase, not a
        subscription, so nothing renews.
      </Lead>
    </HeroBand>
  );
}

function Amount({ cents }: { cents: number | null }) {
  if (cents === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not available</span>
      </>
    );
  }
  return <>{formatCents(cents)}</>;
}

/** A receipt line after the first: its label and its amount (the tests find the amount by `testId`). */
function AmountRow({ label, testId, cents }: { label: string; testId: string; cents: number | null }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>
        <Amount cents={cents} />
      </td>
    </tr>
  );
}

function SendStatus({ state, email }: { state: PassSendState; email: string | null }) {
  const support = (
    <a href={`mailto:${venue.contact.email}`} className={styles.inlineLink}>
      {venue.contact.email}
    </a>
  );
  let icon: IconName = 'mail';
  let tone = styles.statusInfo;
  let body: ReactNode;
  switch (state.status) {
    case 'not-sent':
      tone = styles.statusMuted;
      body = (
        <>
          Some details are missing from this link, so we haven't emailed a copy of this receipt. Need one? Write to{' '}
          {support}.
        </>
      );
      break;
    case 'sending':
      body = <>Emailing a copy of this receipt to {email}…</>;
      break;
    case 'delivered':
      icon = 'check';
      tone = styles.statusSuccess;
      body = (
        <>
          We've emailed a copy of this receipt to <strong>{email}</strong>.
        </>
      );
      break;
    case 'queued':
      icon = 'clock';
      body = state.offline ? (
        <>
          You're offline. Your receipt email is saved on this device and will be sent to <strong>{email}</strong> when
          the connection returns.
        </>
      ) : state.restoring ? (
        <>{BACKUP_MESSAGES.restoring}</>
      ) : (
        <>
          We couldn't reach our server just now. Your receipt email is saved on this device and will be sent to{' '}
          <strong>{email}</strong> automatically.
        </>
      );
      break;
    case 'rejected':
    case 'failed':
      tone = styles.statusMuted;
      body = (
        <>
          We couldn't email a copy of this receipt{state.status === 'rejected' && state.message ? ` (${state.message})` : ''}.
          Your pass isn't affected; write to {support} if you need a copy.
        </>
      );
      break;
  }
  return (
    <p className={`${styles.status} ${tone}`} role="status" data-state={state.status}>
      <Icon name={icon} size={20} />
      <span>{body}</span>
    </p>
  );
}

function ReceiptCard({ receipt }: { receipt: PassReceipt }) {
  const state = usePassConfirmation(receipt.confirmation);
  const details: Array<[string, string]> = [];
  if (receipt.name) details.push(['Name', receipt.name]);
  if (receipt.email) details.push(['Email', receipt.email]);
  if (receipt.date || receipt.time) details.push(['Starts', [receipt.date, receipt.time].filter(Boolean).join(' · ')]);

  return (
    <section className={styles.receipt} aria-labelledby="receipt-heading" data-testid="pass-receipt">
      <div className={styles.receiptHead}>
        <h2 id="receipt-heading" className={styles.receiptTitle}>
          Receipt
        </h2>
        <span className={styles.receiptBrand}>{venue.name}</span>
      </div>
      {details.length > 0 ? (
        <DetailList className={styles.details} rows={details} />
      ) : null}
      <table className={styles.lines}>
        <caption className="visually-hidden">Monthly Pass charges</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" data-testid="pass-line">
              {passLine(receipt.people)}
            </th>
            <td>
              <Amount cents={receipt.costCents} />
            </td>
          </tr>
          <AmountRow label="Tax" testId="pass-tax" cents={receipt.taxCents} />
        </tbody>
        <tfoot>
          <AmountRow label="Total" testId="pass-total" cents={receipt.totalCents} />
        </tfoot>
      </table>
      <SendStatus state={state} email={receipt.email} />
    </section>
  );
}

function PromoCode() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(promoCode);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2500);
    } catch {
      // Clipboard blocked: the code is on screen to type.
    }
  };
  return (
    <div className={styles.promo}>
      <div>
        <h2 className={styles.cardTitle}>Bonus: {promoDiscount}</h2>
        <p>
          Stay for a show at {venue.owner.name}: use this promo code when you buy your comedy tickets.
        </p>
      </div>
      <div className={styles.codeRow}>
        <code className={styles.code} aria-label={`Promo code ${promoCode}`}>
          {promoCode}
        </code>
        <button type="button" className={styles.copy} onClick={copy}>
          {copied ? 'Copied!' : 'Copy code'}
        </button>
        <span className="visually-hidden" aria-live="polite">
          {copied ? 'Promo code copied' : ''}
        </span>
      </div>
    </div>
  );
}

const BENEFITS: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'dice', title: 'Unlimited game nights', text: `Come to board game night as often as you like for one month.` },
  { icon: 'calendar', title: `Valid ${validDays} days`, text: `Your pass covers ${validDays} days from its start date.` },
  { icon: 'check', title: 'Not a subscription', text: 'One payment. Nothing renews and nothing to cancel.' },
  { icon: 'glass', title: 'Buy at least one item each visit', text: venue.pricing.supportTheBar },
];

/** Everything under the hero: receipt, how the pass works, the promo code, help and the way back. */
export function MonthlyPassDetails({ receipt }: { receipt: PassReceipt }) {
  return (
    <Section className={styles.section}>
      <Container className={styles.layout}>
        <ReceiptCard receipt={receipt} />
        <div className={styles.side}>
          <section className={styles.card} aria-labelledby="pass-how-heading">
            <h2 id="pass-how-heading" className={styles.cardTitle}>
              How your pass works
            </h2>
            <TileList items={BENEFITS} className={styles.benefits} tileClassName={styles.benefitIcon} iconSize={22} />
          </section>
          <PromoCode />
          <section className={styles.card} aria-labelledby="pass-help-heading">
            <h2 id="pass-help-heading" className={styles.cardTitle}>
              Questions about your pass?
            </h2>
            <p className={styles.help}>
              <Icon name="mail" size={20} />
              <span>
                Email us at{' '}
                <a href={`mailto:${venue.contact.email}`} className={styles.inlineLink}>
                  {venue.contact.email}
                </a>
              </span>
            </p>
            <address className={styles.help}>
              <Icon name="pin" size={20} />
              <span>
                <a href={venue.address.mapsUrl} target="_blank" rel="noopener noreferrer" className={styles.inlineLink}>
                  {venue.address.oneLine}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                <br />
                <span className={styles.muted}>{venue.address.entranceNote}</span>
              </span>
            </address>
          </section>
        </div>
        <div className={styles.actions}>
          <ButtonLink href="/" variant="secondary" size="lg">
            Back to Home
          </ButtonLink>
          <ButtonLink href="/board-game-night" size="lg">
            Back to Board Game Night
          </ButtonLink>
        </div>
      </Container>
    </Section>
  );
}
