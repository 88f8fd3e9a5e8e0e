import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { FormDateField, Field, FieldBox, FieldError, FieldRow, Form, Honeypot, PartySizeStepper, SubmitButton, SubmitRow, TextField, TimeSlots, dateIconClass, describedBy, fieldIds, useSchemaForm, useSubmission, useVenueToday, type Schemas } from '../../components/form';
import { notify, preloadToasts } from '../../components/toast';
import { reportReservationNotSaved } from '../../components/reservationNotSaved';
import { venue } from '../../content/venue';
import { BOARD_GAME_NIGHT, LIMITS, TOAST_TITLES } from '../../lib/rules/limits';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import type { BoardGameReservationInput } from '../../lib/rules/schemas';
import { lastBookableDate } from '../../lib/rules/fieldChecks';
import { formatNight } from '../../lib/venueTime';
import { preloadOutbox } from '../outbox';
import { attributionFields } from '../attribution';
import { WaitlistJoined, WaitlistOffer, loadQueuedWaitlist, useWaitlist } from '../waitlist';
import { useAvailability, type Night } from '../../lib/api/availability';
import { VenueIcon } from '../../components/VenueIcon';
import { loadQueuedReservation, QueuedReservation } from './QueuedReservationLazy';
import { confirmationFor, saveReservationDetails, type ReservationDetails } from './thankYouData';
import { FORM_PARTS, THANK_YOU_ROUTES } from './formParts';
import { usePreloadRoutes } from '../../components/routing';
import styles from './forms.module.css';

type Values = { name: string; email: string; phone: string; party_size: string; event_date: string; event_time: string; website: string };

const EMPTY: Values = { name: '', email: '', phone: '', party_size: String(LIMITS.partySizeMin), event_date: '', event_time: '', website: '' };
const pickSchema = (s: Schemas) => s.boardGameReservationSchema;
/** The stepper's text as the schema reads it: a number, or NaN for nothing typed. */
const toInput = (v: Values) => ({ ...v, party_size: v.party_size.trim() === '' ? Number.NaN : Number(v.party_size) });
const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts, loadDateCalendar, loadQueuedReservation, loadQueuedWaitlist];

function seatsText(seatsLeft: number): string {
  if (seatsLeft <= 0) return 'This night is fully booked.';
  return `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left for this night`;
}

/**
 * The free board game night table reservation (SPEC §4, §5), on the form kit. Validation failures
 * go in an 'Invalid Input' toast (the first failing rule) and are marked on the fields; save
 * failures use the §8 messages. Submissions go through the offline outbox.
 */
export function BoardGameReservationForm({ headingId }: { headingId?: string }) {
  usePreloadRoutes(THANK_YOU_ROUTES);
  const [, navigate] = useLocation();
  const form = useSchemaForm<Values, BoardGameReservationInput>({ defaultValues: EMPTY, schema: pickSchema, toInput });
  const submission = useSubmission('reservations');
  const [queued, setQueued] = useState<{ details: ReservationDetails; href: string; partySize: number } | null>(null);
  const { nights, refresh } = useAvailability();
  const waitlist = useWaitlist('web');
  // The venue's today is read on the client only, so prerendered HTML never disagrees with it.
  const todayIso = useVenueToday();
  const [name, email, people, date, time] = useWatch({ control: form.control, name: ['name', 'email', 'party_size', 'event_date', 'event_time'] });
  const fullDates = useMemo(() => [...nights.values()].filter((n) => n.seatsLeft <= 0).map((n) => n.date), [nights]);
  // 'Filled' as typed: a name of spaces enables the button and is then reported ('Name is required').
  const ready = name !== '' && email !== '' && date !== '' && time !== '';
  const offerWaitlist = waitlist.offered(date, Number.parseInt(people, 10), date ? nights.get(date) : undefined);
  const sending = submission.busy || waitlist.submission.busy;

  const onValid = async (data: BoardGameReservationInput) => {
    if (waitlist.takeChoice()) return void (await waitlist.join({ ...data, website: form.getValues('website') }, form));
    const { details, href } = confirmationFor({ ...data, event_name: BOARD_GAME_NIGHT });
    const body = {
      ...attributionFields(),
      ...{ name: data.name, email: data.email, phone: data.phone ?? '', party_size: data.party_size },
      ...{ event_name: BOARD_GAME_NIGHT, event_date: data.event_date, event_time: data.event_time, source: 'web', website: form.getValues('website') },
    };
    const who = `${data.party_size} ${data.party_size === 1 ? 'person' : 'people'}`;
    const result = await submission.submit(body, `${BOARD_GAME_NIGHT} · ${formatNight(data.event_date)} at ${data.event_time} · ${who}`);
    if (result.kind === 'delivered') {
      saveReservationDetails(details);
      navigate(href, { state: details });
    } else if (result.kind === 'queued') {
      setQueued({ details, href, partySize: data.party_size });
    } else {
      if (result.kind === 'refused') waitlist.noteRefusal(result, data.event_date, data.party_size);
      reportReservationNotSaved(result, form, refresh, 'reservation');
    }
  };

  const startOver = () => {
    form.reset({ ...form.getValues(), event_date: '', event_time: '', party_size: EMPTY.party_size });
    refresh();
  };
  if (waitlist.outcome) {
    return <WaitlistJoined outcome={waitlist.outcome} onReset={() => (waitlist.reset(), startOver())} />;
  }
  if (queued && submission.queuedId) {
    const reset = () => {
      setQueued(null);
      submission.reset();
      startOver();
    };
    return <QueuedReservation outboxId={submission.queuedId} details={queued.details} thankYouHref={queued.href} partySize={queued.partySize} onReset={reset} />;
  }

  const text = (f: 'name' | 'email' | 'phone') => ({ id: form.idOf(f), error: form.errorOf(f), ...form.register(f) });
  const seatsId = form.idOf('event_date') + '-seats';
  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={({ message }) => (waitlist.takeChoice(), notify.error(TOAST_TITLES.boardGameValidation, message))}
      warmUp={FORM_DEPENDENCIES}
      canSubmit={ready && !sending}
      noValidate
      aria-labelledby={headingId}
      data-testid="board-game-form"
      data-part={FORM_PARTS.boardGame}
    >
      <FieldRow>
        <TextField {...text('name')} label="Name" autoComplete="name" />
        <TextField {...text('email')} label="Email" type="email" autoComplete="email" inputMode="email" />
      </FieldRow>
      <FieldRow>
        <TextField {...text('phone')} label="Phone" optional type="tel" autoComplete="tel" />
        <Controller
          control={form.control}
          name="party_size"
          render={({ field }) => (
            <Field id={form.idOf('party_size')} label="Number of people" error={form.errorOf('party_size')} hintWhenValid={`${LIMITS.partySizeMin} to ${LIMITS.partySizeMax} people. Bigger group? See private events.`}>
              <PartySizeStepper
                id={form.idOf('party_size')}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                invalid={!!form.errorOf('party_size')}
                describedBy={describedBy(form.idOf('party_size'), { error: form.errorOf('party_size') })}
              />
            </Field>
          )}
        />
      </FieldRow>
      <FormDateField
        form={form}
        name="event_date"
        label="Date"
        after={(value) => <SeatsLeft id={seatsId} night={value ? nights.get(value) : undefined} people={people} />}
        describedByWhenSet={seatsId}
        todayIso={todayIso}
        lastIso={todayIso ? lastBookableDate(todayIso) : undefined}
        fullDates={fullDates}
        dialogLabel="Choose a date: Date"
        icon={<VenueIcon name="calendar" className={dateIconClass} />}
        legend="Crossed-out nights are fully booked: choose one to join its waitlist. Walk-ins are still welcome while tables last."
      />
      <Controller
        control={form.control}
        name="event_time"
        render={({ field }) => (
          <FieldBox>
            <TimeSlots value={field.value} onChange={field.onChange} ref={field.ref} invalid={!!form.errorOf('event_time')} errorId={fieldIds(form.idOf('event_time')).error} firstInputId={form.idOf('event_time')} />
            <FieldError id={fieldIds(form.idOf('event_time')).error} error={form.errorOf('event_time')} />
          </FieldBox>
        )}
      />
      <Honeypot id={form.idOf('website')} register={form.register('website')} />
      {offerWaitlist ? <WaitlistOffer date={date} state={waitlist.submission.state} onChoose={waitlist.choose} disabled={!ready || submission.busy} /> : null}
      <SubmitRow fineprint={`${venue.pricing.entry}. ${venue.pricing.supportTheBar} ${venue.ageRule}.`}>
        <SubmitButton state={submission.state} size="lg" block disabled={!ready || waitlist.submission.busy} label="Reserve My Spot" busyLabel="Reserving..." />
      </SubmitRow>
    </Form>
  );
}

/** Seats left on the chosen night, and a word when the party is bigger than that. */
function SeatsLeft({ id, night, people }: { id: string; night: Night | undefined; people: string }) {
  if (!night) return null;
  const partySize = Number.parseInt(people, 10);
  const tone = night.seatsLeft <= 0 ? styles.seatsNone : night.seatsLeft < 10 ? styles.seatsLow : '';
  return (
    <p id={id} className={[styles.seats, tone].join(' ')} data-testid="seats-left" aria-live="polite">
      {seatsText(night.seatsLeft)}
      {Number.isFinite(partySize) && partySize > night.seatsLeft && night.seatsLeft > 0
        ? ` Your party of ${partySize} is more than what's left: choose fewer people or another night.`
        : ''}
    </p>
  );
}
