import { useId, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { buttonClass } from '../../components/Button';
import { notify, preloadToasts } from '../../components/toast';
import { venue } from '../../content/venue';
import { BUDGET_OPTIONS, EVENT_TYPES, FAILURE_MESSAGES, LIMITS, TOAST_TITLES } from '../../lib/rules/limits';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useWarmUp } from '../../lib/useWarmUp';
import { preloadOutbox } from '../outbox';
import { venueToday } from '../../lib/venueTime';
import { attributionFields } from '../attribution';
import { DateField } from './DateField';
import { CharacterCount, describedBy, Field, focusField, Honeypot, Select, TextArea, TextInput } from './fields';
import {
  emptyInquiry,
  INQUIRY_COLLECTION,
  INQUIRY_FIELDS,
  inquiryLabel,
  inquiryThankYouHref,
  isLargeGroup,
  PREFERRED_TIMES,
  toInquiryBody,
  type InquiryField,
  type InquiryValues,
} from './inquiry';
import { QueuedNotice } from './QueuedNotice';
import { discardQueued, useOutboxForm, useQueuedSubmission } from './useOutboxForm';
import styles from './forms.module.css';

type Errors = Partial<Record<InquiryField, string>>;

const noSubscription = () => () => undefined;
const serverToday = () => null;

/**
 * 'Plan Your Event': the private event inquiry (SPEC §2, §5, §7). Stores a
 * private_event_inquiries record through the outbox; the server mails the events team and
 * sends the guest an acknowledgement. Success goes to /private-events/thank-you?email=….
 */

const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts, loadDateCalendar];
export function InquiryForm({ headingId }: { headingId?: string }) {
  const uid = useId();
  const id = (field: InquiryField | 'website') => `${uid}-${field}`;
  const dateLabelId = `${uid}-date-label`;
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  const [values, setValues] = useState<InquiryValues>(emptyInquiry);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [queued, setQueued] = useState<{ id: string; email: string } | null>(null);
  // null while prerendering and hydrating, so the HTML never disagrees with the browser's date.
  const todayIso = useSyncExternalStore(noSubscription, venueToday, serverToday);

  const send = useOutboxForm(INQUIRY_COLLECTION);

  const set = (field: InquiryField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = INQUIRY_FIELDS.find((f) => next[f]);
    // After the errors render, so the field is announced with its message.
    if (first) window.setTimeout(() => focusField(formRef.current, id(first)), 0);
  };

  useQueuedSubmission(queued?.id ?? null, {
    onDelivered: () => {
      if (queued) navigate(inquiryThankYouHref(queued.email));
    },
    onRejected: (message, fieldErrors) => {
      if (queued) void discardQueued(queued.id);
      setQueued(null);
      notify.error(TOAST_TITLES.error, message || FAILURE_MESSAGES.inquiry);
      showErrors(fieldErrors as Errors);
    },
  });

  // What submitting needs loads while the guest is online (see useWarmUp).
  const { warm, ready: readyOffline } = useWarmUp(FORM_DEPENDENCIES);
  const onSubmit = useSingleFlight(async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const { firstErrors, makeInquirySchema } = await loadSchemas();
    const parsed = makeInquirySchema().safeParse(values);
    if (!parsed.success) {
      showErrors(firstErrors(parsed.error) as Errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const body = { ...attributionFields(), ...toInquiryBody(parsed.data, website) };
    const result = await send(body, inquiryLabel(parsed.data));
    if (result.kind === 'delivered') {
      navigate(inquiryThankYouHref(parsed.data.email));
      return;
    }
    setSubmitting(false);
    if (result.kind === 'queued') {
      setQueued({ id: result.id, email: parsed.data.email });
      return;
    }
    if (result.kind === 'rejected') {
      const fieldErrors = result.fieldErrors as Errors;
      const known = INQUIRY_FIELDS.some((f) => fieldErrors[f]);
      notify.error(TOAST_TITLES.error, known ? result.message : FAILURE_MESSAGES.inquiry);
      if (known) {
        showErrors(fieldErrors);
        return;
      }
    } else {
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.inquiry);
    }
    window.setTimeout(() => submitRef.current?.focus(), 0);
  });

  if (queued) {
    return (
      <QueuedNotice
        what="inquiry"
        onEdit={() => {
          void discardQueued(queued.id);
          setQueued(null);
        }}
      />
    );
  }

  const large = isLargeGroup(values.number_of_people);
  const hints: Partial<Record<InquiryField, ReactNode>> = {
    number_of_people: large ? undefined : `Up to ${LIMITS.privateEventMaxGuests} guests.`,
    message: 'What are you celebrating? Games, food and drinks, a screen or a mic: anything we should know.',
  };
  const notes: Partial<Record<InquiryField, ReactNode>> = {
    number_of_people: large ? (
      <>
        Our space holds up to {LIMITS.privateEventMaxGuests} guests. Planning something bigger? Send your inquiry anyway
        and our events team will suggest options that fit your group.
      </>
    ) : undefined,
  };
  /** Props tying a control to its label, error, hint and note. */
  const wire = (f: InquiryField) => ({
    id: id(f),
    name: f,
    error: errors[f],
    describedBy: describedBy(id(f), { error: errors[f], hint: hints[f], note: notes[f] }),
  });
  const shell = (f: InquiryField) => ({ id: id(f), error: errors[f], hint: hints[f], note: notes[f] });
  const onText = (f: InquiryField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(f)(e.target.value);

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      onFocusCapture={warm} data-ready-offline={readyOffline || undefined}
      noValidate
      aria-labelledby={headingId}
      aria-busy={submitting || undefined}
      data-testid="inquiry-form"
    >
      <fieldset className={styles.fieldset} disabled={submitting}>
        <legend className="visually-hidden">Your event inquiry</legend>
        <p className={styles.required}>
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with a star</span> are required.
        </p>
        <div className={styles.row}>
          <Field {...shell('name')} label={<Required>Name</Required>}>
            <TextInput {...wire('name')} autoComplete="name" required value={values.name} onChange={onText('name')} />
          </Field>
          <Field {...shell('email')} label={<Required>Email</Required>}>
            <TextInput
              {...wire('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={onText('email')}
            />
          </Field>
        </div>
        <div className={styles.row}>
          <Field {...shell('phone')} label={<Required>Phone</Required>}>
            <TextInput {...wire('phone')} type="tel" inputMode="tel" autoComplete="tel" required value={values.phone} onChange={onText('phone')} />
          </Field>
          <Field {...shell('event_type')} label="Event type" optional>
            <Select {...wire('event_type')} value={values.event_type} onChange={onText('event_type')}>
              <option value="">Choose an event type</option>
              {EVENT_TYPES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className={styles.row}>
          <Field {...shell('number_of_people')} label="Number of people" optional>
            <TextInput
              {...wire('number_of_people')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 25"
              value={values.number_of_people}
              onChange={onText('number_of_people')}
            />
          </Field>
          <Field {...shell('budget')} label="Budget" optional>
            <Select {...wire('budget')} value={values.budget} onChange={onText('budget')}>
              <option value="">Choose a budget</option>
              {BUDGET_OPTIONS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className={styles.row}>
          <Field {...shell('preferred_date')} label="Preferred date" optional labelAs="span" labelId={dateLabelId}>
            <DateField
              id={id('preferred_date')}
              labelId={dateLabelId}
              value={values.preferred_date}
              onChange={set('preferred_date')}
              todayIso={todayIso}
              error={errors.preferred_date}
              disabled={submitting}
            />
          </Field>
          <Field {...shell('preferred_time')} label="Preferred time" optional>
            <Select {...wire('preferred_time')} value={values.preferred_time} onChange={onText('preferred_time')}>
              <option value="">No preference</option>
              {PREFERRED_TIMES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field {...shell('message')} label={<Required>Additional Details</Required>}>
          <TextArea {...wire('message')} rows={5} required value={values.message} onChange={onText('message')} />
          <CharacterCount value={values.message} max={LIMITS.detailsMax} />
        </Field>
        <Honeypot id={id('website')} value={website} onChange={setWebsite} />
      </fieldset>
      <div className={styles.submitRow}>
        <button
          ref={submitRef}
          type="submit"
          className={buttonClass({ size: 'lg', block: true })}
          disabled={submitting}
          data-testid="inquiry-submit"
        >
          {submitting ? 'Sending...' : 'Send Inquiry'}
        </button>
        <p className={styles.fineprint}>
          Our events team replies {venue.privateEvents.replyPromise}. Prefer email? Write to{' '}
          <a href={`mailto:${venue.contact.eventsEmail}`}>{venue.contact.eventsEmail}</a>.
        </p>
      </div>
    </form>
  );
}

function Required({ children }: { children: string }) {
  return (
    <>
      {children}
      <span className={styles.star} aria-hidden="true">
        {' '}
        *
      </span>
    </>
  );
}
