import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { buttonClass } from '../../components/Button';
import { notify, preloadToasts } from '../../components/toast';
import { venue } from '../../content/venue';
import { FAILURE_MESSAGES, LIMITS, SUCCESS_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useWarmUp } from '../../lib/useWarmUp';
import { preloadOutbox } from '../outbox';
import { CharacterCount, describedBy, Field, focusField, Honeypot, TextArea, TextInput } from './fields';
import { QueuedNotice } from './QueuedNotice';
import { discardQueued, useOutboxForm, useQueuedSubmission } from './useOutboxForm';
import styles from './forms.module.css';

export const INFLUENCER_COLLECTION = 'influencer_applications';
export const APPLICATION_THANK_YOU = '/game-master/thank-you';

const FIELDS = ['name', 'email', 'message'] as const;
type InfluencerField = (typeof FIELDS)[number];
type Values = Record<InfluencerField, string>;
type Errors = Partial<Record<InfluencerField, string>>;

/**
 * 'Local Influencer Collabs' application (SPEC §2, §5, §8): name, email, message. Validation
 * failures show a 'Validation error' toast with the first failing message and mark the fields.
 * Stores an influencer_applications record through the outbox; the server mails the team and
 * the applicant.
 */

const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts];
export function InfluencerForm({ headingId }: { headingId?: string }) {
  const uid = useId();
  const id = (f: InfluencerField | 'website') => `${uid}-${f}`;
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [values, setValues] = useState<Values>({ name: '', email: '', message: '' });
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const send = useOutboxForm(INFLUENCER_COLLECTION);

  const succeed = () => {
    notify.success(TOAST_TITLES.influencerSuccess, SUCCESS_MESSAGES.influencer);
    navigate(APPLICATION_THANK_YOU);
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) window.setTimeout(() => focusField(formRef.current, id(first)), 0);
  };

  useQueuedSubmission(queuedId, {
    onDelivered: succeed,
    onRejected: (message, fieldErrors) => {
      if (queuedId) void discardQueued(queuedId);
      setQueuedId(null);
      notify.error(TOAST_TITLES.influencerValidation, message || FAILURE_MESSAGES.influencer);
      showErrors(fieldErrors as Errors);
    },
  });

  // What submitting needs loads while the guest is online (see useWarmUp).
  const { warm, ready: readyOffline } = useWarmUp(FORM_DEPENDENCIES);
  const onSubmit = useSingleFlight(async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const { firstErrors, firstMessage, influencerSchema } = await loadSchemas();
    const parsed = influencerSchema.safeParse(values);
    if (!parsed.success) {
      notify.error(TOAST_TITLES.influencerValidation, firstMessage(parsed.error));
      showErrors(firstErrors(parsed.error) as Errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const result = await send({ ...parsed.data, website, event_source_url: window.location.href.slice(0, LIMITS.urlMax) }, `Influencer application · ${parsed.data.name}`);
    if (result.kind === 'delivered') {
      succeed();
      return;
    }
    setSubmitting(false);
    if (result.kind === 'queued') {
      setQueuedId(result.id);
      return;
    }
    if (result.kind === 'rejected' && FIELDS.some((f) => result.fieldErrors[f])) {
      notify.error(TOAST_TITLES.influencerValidation, result.message);
      showErrors(result.fieldErrors as Errors);
      return;
    }
    notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.influencer);
    window.setTimeout(() => submitRef.current?.focus(), 0);
  });

  if (queuedId) {
    return (
      <QueuedNotice
        what="application"
        onEdit={() => {
          void discardQueued(queuedId);
          setQueuedId(null);
        }}
      />
    );
  }

  const hints: Partial<Record<InfluencerField, ReactNode>> = {
    message: `Links to your channels, your audience and the kind of content you'd make with us (at least ${LIMITS.messageMin} characters).`,
  };
  const wire = (f: InfluencerField) => ({
    id: id(f),
    name: f,
    error: errors[f],
    describedBy: describedBy(id(f), { error: errors[f], hint: hints[f] }),
    value: values[f],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [f]: e.target.value }));
      setErrors((x) => (x[f] ? { ...x, [f]: undefined } : x));
    },
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      onFocusCapture={warm} data-ready-offline={readyOffline || undefined}
      noValidate
      aria-labelledby={headingId}
      aria-busy={submitting || undefined}
      data-testid="influencer-form"
    >
      <fieldset className={styles.fieldset} disabled={submitting}>
        <legend className="visually-hidden">Your application</legend>
        <div className={styles.row}>
          <Field id={id('name')} label="Name" error={errors.name}>
            <TextInput {...wire('name')} autoComplete="name" required />
          </Field>
          <Field id={id('email')} label="Email" error={errors.email}>
            <TextInput {...wire('email')} type="email" inputMode="email" autoComplete="email" required />
          </Field>
        </div>
        <Field id={id('message')} label="Tell us about you" error={errors.message} hint={hints.message}>
          <TextArea {...wire('message')} rows={6} required placeholder="I make board game reels for 12k followers in Brooklyn…" />
          <CharacterCount value={values.message} min={LIMITS.messageMin} max={LIMITS.messageMax} />
        </Field>
        <Honeypot id={id('website')} value={website} onChange={setWebsite} />
      </fieldset>
      <div className={styles.submitRow}>
        <button ref={submitRef} type="submit" className={buttonClass({ size: 'lg', block: true })} disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
        <p className={styles.fineprint}>
          We reply by email {venue.influencer.replyPromise}. Questions? <a href={`mailto:${venue.contact.collabEmail}`}>{venue.contact.collabEmail}</a>
        </p>
      </div>
    </form>
  );
}
