import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { notify, preloadToasts } from '../../components/toast';
import { venue } from '../../content/venue';
import { BOARD_GAME_NIGHT, FAILURE_MESSAGES, LIMITS, TOAST_TITLES } from '../../lib/rules/limits';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useWarmUp } from '../../lib/useWarmUp';
import { formatNight } from '../../lib/venueTime';
import { submitThroughOutbox, preloadOutbox } from '../outbox';
import { attributionFields } from '../attribution';
import { useAvailability } from './availability';
import { useVenueToday } from './calendarDates';
import { DatePicker } from './DatePicker';
import { firstIssue, focusField } from './formErrors';
import { TextField } from './TextField';
import { PartySizeStepper } from './PartySizeStepper';
import { loadQueuedReservation, QueuedReservation } from './QueuedReservationLazy';
import { confirmationFor, saveReservationDetails, type ReservationDetails } from './thankYouData';
import { TimeSlots } from './TimeSlots';
import styles from './forms.module.css';

type Field = 'name' | 'email' | 'phone' | 'party_size' | 'event_date' | 'event_time';

interface Queued {
  id: string;
  details: ReservationDetails;
  href: string;
  partySize: number;
}

function seatsText(seatsLeft: number): string {
  if (seatsLeft <= 0) return 'This night is fully booked.';
  return `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left for this night`;
}

/**
 * The free board game night table reservation (SPEC §4, §5). Validation failures go in an
 * 'Invalid Input' toast (the first failing rule) and are marked on the fields; save failures
 * use the §8 messages. Submissions go through the offline outbox.
 */

const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts, loadDateCalendar, loadQueuedReservation];
export function BoardGameReservationForm({ headingId }: { headingId?: string }) {
  const uid = useId();
  const ids = {
    name: `${uid}-name`,
    email: `${uid}-email`,
    phone: `${uid}-phone`,
    party_size: `${uid}-people`,
    event_date: `${uid}-date`,
    event_time: `${uid}-time`,
    website: `${uid}-website`,
  };
  const err = (f: Field) => `${ids[f]}-error`;

  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [people, setPeople] = useState('1');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [website, setWebsite] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [queued, setQueued] = useState<Queued | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { nights, refresh } = useAvailability();

  // The venue's today is read on the client only, so prerendered HTML never disagrees with it.
  const todayIso = useVenueToday();
  // The thank-you page is loaded while the guest types, so it shows as soon as the server answers.

  const fullDates = useMemo(() => [...nights.values()].filter((n) => n.seatsLeft <= 0).map((n) => n.date), [nights]);
  const chosenNight = date ? nights.get(date) : undefined;
  const partySize = Number.parseInt(people, 10);

  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  // 'Filled' as typed: a name of spaces enables the button and is then reported ('Name is required').
  const ready = name !== '' && email !== '' && date !== '' && time !== '';

  // What submitting needs loads while the guest is online (see useWarmUp).
  const { warm, ready: readyOffline } = useWarmUp(FORM_DEPENDENCIES);
  const onSubmit = useSingleFlight(async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !ready) return;
    const input = {
      name,
      email,
      phone,
      party_size: people.trim() === '' ? Number.NaN : Number(people),
      event_date: date,
      event_time: time,
    };
    const { boardGameReservationSchema } = await loadSchemas();
    const parsed = boardGameReservationSchema.safeParse(input);
    if (!parsed.success) {
      const { field, message, all } = firstIssue<Field>(parsed.error);
      setErrors(all);
      notify.error(TOAST_TITLES.boardGameValidation, message);
      if (field) focusField(formRef.current, ids[field]);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const data = parsed.data;
      const { details, href } = confirmationFor({ ...data, event_name: BOARD_GAME_NIGHT });
      const body = {
        ...attributionFields(),
        name: data.name,
        email: data.email,
        phone: data.phone ?? '',
        party_size: data.party_size,
        event_name: BOARD_GAME_NIGHT,
        event_date: data.event_date,
        event_time: data.event_time,
        source: 'web',
        website,
      };
      const who = `${data.party_size} ${data.party_size === 1 ? 'person' : 'people'}`;
      const outcome = await submitThroughOutbox('reservations', body, {
        label: `${BOARD_GAME_NIGHT} · ${formatNight(data.event_date)} at ${data.event_time} · ${who}`,
      });
      if (outcome.status === 'delivered') {
        saveReservationDetails(details);
        navigate(href, { state: details });
        return;
      }
      if (outcome.status === 'queued') {
        setQueued({ id: outcome.id, details, href, partySize: data.party_size });
        setSubmitting(false);
        return;
      }
      console.error('[reservation] insert rejected', outcome.message, outcome.fieldErrors);
      const fieldErrors = outcome.fieldErrors as Partial<Record<Field, string>>;
      const capacity = fieldErrors.event_date ?? fieldErrors.party_size;
      setErrors(fieldErrors);
      notify.error(TOAST_TITLES.error, capacity ?? FAILURE_MESSAGES.reservationSave);
      if (capacity) refresh();
      setSubmitting(false);
    } catch (error) {
      console.error('[reservation] failed', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.reservationCreate);
      setSubmitting(false);
    }
  });

  if (queued) {
    return (
      <QueuedReservation
        outboxId={queued.id}
        details={queued.details}
        thankYouHref={queued.href}
        partySize={queued.partySize}
        onReset={() => {
          setQueued(null);
          setDate('');
          setTime('');
          setPeople('1');
          refresh();
        }}
      />
    );
  }

  const errorText = (f: Field) =>
    errors[f] ? (
      <p id={err(f)} className={styles.error}>
        {errors[f]}
      </p>
    ) : null;
  const described = (f: Field, extra?: string) => [errors[f] ? err(f) : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
  const seatsId = `${uid}-seats`;

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocusCapture={warm} data-ready-offline={readyOffline || undefined} noValidate aria-labelledby={headingId} data-testid="board-game-form">
      <div className={styles.row}>
        <TextField
          id={ids.name}
          label="Name"
          name="name"
          autoComplete="name"
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
          inputMode="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
          error={errors.email}
        />
      </div>
      <div className={styles.row}>
        <TextField
          id={ids.phone}
          label={
            <>
              Phone <span className={styles.optional}>(optional)</span>
            </>
          }
          name="phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(v) => {
            setPhone(v);
            clear('phone');
          }}
          error={errors.phone}
        />
        <div className={styles.field}>
          <label htmlFor={ids.party_size}>Number of people</label>
          <PartySizeStepper
            id={ids.party_size}
            value={people}
            onChange={(v) => {
              setPeople(v);
              clear('party_size');
            }}
            invalid={!!errors.party_size}
            describedBy={described('party_size')}
          />
          {errorText('party_size')}
          {!errors.party_size ? (
            <p className={styles.hint}>
              {LIMITS.partySizeMin} to {LIMITS.partySizeMax} people. Bigger group? See private events.
            </p>
          ) : null}
        </div>
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
            isDateDisabled={(iso) => (nights.get(iso)?.seatsLeft ?? 1) <= 0}
            fullDates={fullDates}
            invalid={!!errors.event_date}
            describedBy={described('event_date', date ? seatsId : undefined)}
            legend="Crossed-out nights are fully booked. Walk-ins are still welcome while tables last."
          />
        ) : (
          <div className={styles.fieldLabel} aria-hidden="true">
            Date
          </div>
        )}
        {errorText('event_date')}
        {date && chosenNight ? (
          <p
            id={seatsId}
            className={[
              styles.seats,
              chosenNight.seatsLeft <= 0 ? styles.seatsNone : chosenNight.seatsLeft < 10 ? styles.seatsLow : '',
            ].join(' ')}
            data-testid="seats-left"
            aria-live="polite"
          >
            {seatsText(chosenNight.seatsLeft)}
            {Number.isFinite(partySize) && partySize > chosenNight.seatsLeft && chosenNight.seatsLeft > 0
              ? ` Your party of ${partySize} is more than what's left: choose fewer people or another night.`
              : ''}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <TimeSlots
          value={time}
          onChange={(slot) => {
            setTime(slot);
            clear('event_time');
          }}
          invalid={!!errors.event_time}
          errorId={err('event_time')}
          firstInputId={ids.event_time}
        />
        {errorText('event_time')}
      </div>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={ids.website}>Website (leave empty)</label>
        <input
          id={ids.website}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <div className={styles.submitRow}>
        <Button type="submit" size="lg" block disabled={!ready || submitting} aria-busy={submitting || undefined}>
          {submitting ? 'Reserving...' : 'Reserve My Spot'}
        </Button>
        <p className={styles.fineprint}>
          {venue.pricing.entry}. {venue.pricing.supportTheBar} {venue.ageRule}.
        </p>
      </div>
    </form>
  );
}
