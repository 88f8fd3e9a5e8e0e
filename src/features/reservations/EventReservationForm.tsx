import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { notify, preloadToasts } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useWarmUp } from '../../lib/useWarmUp';
import { formatNight, isoWeekday } from '../../lib/venueTime';
import { nextWeekdayOnOrAfter, useVenueToday, weekdayPlural } from './calendarDates';
import { submitThroughOutbox, preloadOutbox } from '../outbox';
import { attributionFields } from '../attribution';
import { DatePicker } from './DatePicker';
import { firstIssue, focusField } from './formErrors';
import { loadQueuedReservation, QueuedReservation } from './QueuedReservationLazy';
import { confirmationFor, saveReservationDetails, type ReservationDetails } from './thankYouData';
import { TextField } from './TextField';
import styles from './forms.module.css';

type Field = 'name' | 'email' | 'event_date';

interface Props {
  eventName: string;
  eventTime: string;
  /** Only this date can be chosen (a special event, or a day picked on the calendar). Give the form a `key` that includes it. */
  fixedDate?: string;
  /** Otherwise: any date on this ISO weekday (1 = Monday … 7 = Sunday) from today on. */
  weekday?: number;
  /** Heading level of the "saved on this device" panel. */
  headingLevel?: 3 | 4;
}

/**
 * A spot at a listed event: meetups, weekly nights, trivia (SPEC §4, §5). Party size is always
 * 1. Name and email are required by the browser; the shared schema reports anything else in a
 * 'Validation Error' toast.
 */

const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts, loadDateCalendar, loadQueuedReservation];
export function EventReservationForm({ eventName, eventTime, fixedDate, weekday, headingLevel = 4 }: Props) {
  const uid = useId();
  const ids = { name: `${uid}-name`, email: `${uid}-email`, event_date: `${uid}-date`, website: `${uid}-website` };
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [date, setDate] = useState(fixedDate ?? '');
  const [website, setWebsite] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [queued, setQueued] = useState<{ id: string; details: ReservationDetails; href: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const todayIso = useVenueToday();
  // The thank-you page is loaded while the guest types, so it shows as soon as the server answers.

  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  // What submitting needs loads while the guest is online (see useWarmUp).
  const { warm, ready: readyOffline } = useWarmUp(FORM_DEPENDENCIES);
  const onSubmit = useSingleFlight(async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const { eventReservationSchema } = await loadSchemas();
    const parsed = eventReservationSchema.safeParse({ name, email, event_name: eventName, event_date: date, event_time: eventTime });
    if (!parsed.success) {
      const { field, message, all } = firstIssue<Field>(parsed.error);
      setErrors(all);
      notify.error(TOAST_TITLES.eventValidation, message);
      if (field && field in ids) focusField(formRef.current, ids[field]);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const data = parsed.data;
      const { details, href } = confirmationFor(data);
      const outcome = await submitThroughOutbox(
        'reservations',
        {
          ...attributionFields(),
          name: data.name,
          email: data.email,
          event_name: data.event_name,
          event_date: data.event_date,
          event_time: data.event_time,
          party_size: 1,
          source: 'event',
          website,
        },
        { label: `${data.event_name} · ${formatNight(data.event_date)} at ${data.event_time}` },
      );
      if (outcome.status === 'delivered') {
        saveReservationDetails(details);
        window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
        navigate(href, { state: details });
        return;
      }
      if (outcome.status === 'queued') {
        setQueued({ id: outcome.id, details, href });
        setSubmitting(false);
        return;
      }
      console.error('[event reservation] insert rejected', outcome.message, outcome.fieldErrors);
      const fieldErrors = outcome.fieldErrors as Partial<Record<Field, string>>;
      setErrors(fieldErrors);
      notify.error(TOAST_TITLES.error, fieldErrors.event_date ?? FAILURE_MESSAGES.eventReservation);
      setSubmitting(false);
    } catch (error) {
      console.error('[event reservation] failed', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.eventReservation);
      setSubmitting(false);
    }
  });

  if (queued) {
    return (
      <QueuedReservation
        outboxId={queued.id}
        details={queued.details}
        thankYouHref={queued.href}
        headingLevel={headingLevel}
        onReset={() => {
          setQueued(null);
          setDate(fixedDate ?? '');
        }}
      />
    );
  }

  const described = (f: Field) => (errors[f] ? `${uid}-${f}-error` : undefined);
  const errorText = (f: Field) =>
    errors[f] ? (
      <p id={`${uid}-${f}-error`} className={styles.error}>
        {errors[f]}
      </p>
    ) : null;

  const isDateDisabled = (iso: string) => {
    if (fixedDate) return iso !== fixedDate;
    if (weekday) return isoWeekday(iso) !== weekday;
    return false;
  };
  const defaultMonthIso = fixedDate ?? (weekday && todayIso ? nextWeekdayOnOrAfter(todayIso, weekday) : undefined);

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      onFocusCapture={warm} data-ready-offline={readyOffline || undefined}
      aria-label={`Reserve a spot: ${eventName}`}
      data-testid="event-form"
      data-event={eventName}
    >
      <div className={styles.row}>
        <TextField
          id={ids.name}
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(v) => {
            setName(v);
            clear('name');
          }}
          error={errors.name}
        />
        <TextField
          id={ids.email}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
          error={errors.email}
        />
      </div>
      <div className={styles.field}>
        {todayIso ? (
          <DatePicker
            id={ids.event_date}
            label="Date"
            value={date}
            onChange={(v) => {
              setDate(v);
              clear('event_date');
            }}
            todayIso={todayIso}
            isDateDisabled={isDateDisabled}
            defaultMonthIso={defaultMonthIso}
            invalid={!!errors.event_date}
            describedBy={described('event_date')}
            placeholder={weekday && !fixedDate ? `Pick a date (${weekdayPlural(weekday)})` : 'Pick a date'}
          />
        ) : (
          <div className={styles.fieldLabel} aria-hidden="true">
            Date
          </div>
        )}
        {errorText('event_date')}
      </div>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={ids.website}>Website (leave empty)</label>
        <input id={ids.website} name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
      </div>
      <div className={styles.submitRow}>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? 'Reserving...' : 'Reserve Now'}
        </Button>
        <p className={styles.fineprint}>
          One spot at {eventName} ({eventTime}). Free to reserve; we'll email you a confirmation.
        </p>
      </div>
    </form>
  );
}
