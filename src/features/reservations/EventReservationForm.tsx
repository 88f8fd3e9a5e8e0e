import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { FormDateField, FieldRow, Form, Honeypot, SubmitButton, SubmitRow, TextField, dateIconClass, useSchemaForm, useSubmission, useVenueToday, type Schemas } from '../../components/form';
import { notify, preloadToasts } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import type { EventReservationInput } from '../../lib/rules/schemas';
import { lastBookableDate } from '../../lib/rules/fieldChecks';
import { formatNight, isoWeekday } from '../../lib/venueTime';
import { nextWeekdayOnOrAfter, weekdayPlural } from '../../lib/calendarDates';
import { preloadOutbox } from '../outbox';
import { attributionFields } from '../attribution';
import { VenueIcon } from '../../components/VenueIcon';
import { loadQueuedReservation, QueuedReservation } from './QueuedReservationLazy';
import { confirmationFor, saveReservationDetails, type ReservationDetails } from './thankYouData';
import { FORM_PARTS, THANK_YOU_ROUTES } from './formParts';
import { usePreloadRoutes } from '../../components/routing';

type Values = { name: string; email: string; event_date: string; website: string };

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

const pickSchema = (s: Schemas) => s.eventReservationSchema;
const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts, loadDateCalendar, loadQueuedReservation];

/**
 * A spot at a listed event: meetups, weekly nights, trivia (SPEC §4, §5), on the form kit. Party
 * size is always 1. Name and email are required by the browser; the shared schema reports
 * anything else in a 'Validation Error' toast.
 */
export function EventReservationForm({ eventName, eventTime, fixedDate, weekday, headingLevel = 4 }: Props) {
  usePreloadRoutes(THANK_YOU_ROUTES);
  const [, navigate] = useLocation();
  const toInput = useMemo(() => (v: Values) => ({ ...v, event_name: eventName, event_time: eventTime }), [eventName, eventTime]);
  const form = useSchemaForm<Values, EventReservationInput>({ defaultValues: { name: '', email: '', event_date: fixedDate ?? '', website: '' }, schema: pickSchema, toInput });
  const submission = useSubmission('reservations');
  const [queued, setQueued] = useState<{ details: ReservationDetails; href: string } | null>(null);
  const todayIso = useVenueToday();

  const onValid = async (data: EventReservationInput) => {
    const { details, href } = confirmationFor(data);
    const body = {
      ...attributionFields(),
      ...{ name: data.name, email: data.email, event_name: data.event_name, event_date: data.event_date, event_time: data.event_time },
      ...{ party_size: 1, source: 'event', website: form.getValues('website') },
    };
    const result = await submission.submit(body, `${data.event_name} · ${formatNight(data.event_date)} at ${data.event_time}`);
    if (result.kind === 'delivered') {
      saveReservationDetails(details);
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      navigate(href, { state: details });
    } else if (result.kind === 'queued') {
      setQueued({ details, href });
    } else if (result.kind === 'refused') {
      console.error('[event reservation] insert rejected', result.message, result.fieldErrors);
      form.showErrors(result.fieldErrors);
      notify.error(TOAST_TITLES.error, result.fieldErrors.event_date ?? FAILURE_MESSAGES.eventReservation);
    } else {
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.eventReservation);
    }
  };

  if (queued && submission.queuedId) {
    const reset = () => {
      setQueued(null);
      submission.reset();
      form.reset({ ...form.getValues(), event_date: fixedDate ?? '' });
    };
    return <QueuedReservation outboxId={submission.queuedId} details={queued.details} thankYouHref={queued.href} headingLevel={headingLevel} onReset={reset} />;
  }

  const isDateDisabled = (iso: string) => {
    if (fixedDate) return iso !== fixedDate;
    if (weekday) return isoWeekday(iso) !== weekday;
    return false;
  };
  const defaultMonthIso = fixedDate ?? (weekday && todayIso ? nextWeekdayOnOrAfter(todayIso, weekday) : undefined);
  const text = (f: 'name' | 'email') => ({ id: form.idOf(f), error: form.errorOf(f), ...form.register(f) });

  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={({ message }) => notify.error(TOAST_TITLES.eventValidation, message)}
      warmUp={FORM_DEPENDENCIES}
      canSubmit={!submission.busy}
      aria-label={`Reserve a spot: ${eventName}`}
      data-testid="event-form"
      data-part={FORM_PARTS.event}
      data-event={eventName}
    >
      <FieldRow>
        <TextField {...text('name')} label="Name" autoComplete="name" required />
        <TextField {...text('email')} label="Email" type="email" autoComplete="email" required />
      </FieldRow>
      <FormDateField
        form={form}
        name="event_date"
        label="Date"
        todayIso={todayIso}
        lastIso={todayIso ? lastBookableDate(todayIso) : undefined}
        isDateDisabled={isDateDisabled}
        defaultMonthIso={defaultMonthIso}
        placeholder={weekday && !fixedDate ? `Pick a date (${weekdayPlural(weekday)})` : 'Pick a date'}
        dialogLabel="Choose a date: Date"
        icon={<VenueIcon name="calendar" className={dateIconClass} />}
      />
      <Honeypot id={form.idOf('website')} register={form.register('website')} />
      <SubmitRow fineprint={`One spot at ${eventName} (${eventTime}). Free to reserve; we'll email you a confirmation.`}>
        <SubmitButton state={submission.state} label="Reserve Now" busyLabel="Reserving..." />
      </SubmitRow>
    </Form>
  );
}
