import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { BOARD_GAME_NIGHT, FAILURE_MESSAGES, LIMITS, TIME_SLOTS, TOAST_TITLES } from '../../lib/rules/limits';
import { boardGameReservationSchema } from '../../lib/rules/schemas';
import { formatLongDate, formatNight } from '../../lib/venueTime';
import { submitThroughOutbox } from '../outbox';
import { useAvailability } from '../../lib/api/availability';
import { firstIssue, focusField, PartySizeStepper, TextField } from '../reservations';
import { KioskDone, type Booked } from './KioskDone';
import { KioskSlots } from './KioskSlots';
import { StillThere } from './StillThere';
import { KIOSK_TIMINGS, useIdleReset, useNow } from './timers';
import { firstName, tonightAt } from './tonight';
import styles from './Kiosk.module.css';

/** The kiosk's larger fields, on the reservation form's shared field component. */
const fieldClasses = { field: styles.field, input: styles.input, error: styles.error };

type Field = 'name' | 'email' | 'phone' | 'party_size' | 'event_date' | 'event_time';

/** Availability is re-read now and then: the kiosk stands at the door all night. */
const AVAILABILITY_REFRESH_MS = 2 * 60_000;

function people(n: number): string {
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}

interface Props {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The guest is done (or walked away): the kiosk starts a fresh session. */
  onFinished: () => void;
  /** Whether a guest is using the kiosk right now (a form being filled or sent, or the success screen). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * One guest's visit: tonight's board game night form (the same schema, messages and toasts as
 * the site's form, SPEC §4/§5), then the confirmation. Unmounted on reset, so all of it goes.
 */
export function KioskSession({ headingRef, onFinished, onBusyChange }: Props) {
  const uid = useId();
  const ids = {
    name: `${uid}-name`,
    email: `${uid}-email`,
    phone: `${uid}-phone`,
    party_size: `${uid}-people`,
    event_date: `${uid}-date`,
    event_time: `${uid}-time`,
  };
  const err = (f: Field) => `${ids[f]}-error`;

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [partySizeText, setPartySizeText] = useState(String(LIMITS.partySizeMin));
  const [chosenTime, setTime] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [booked, setBooked] = useState<Booked | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const tonight = tonightAt(useNow());
  const { nights, refresh } = useAvailability();
  const night = nights.get(tonight.date);
  const seatsLeft = night?.seatsLeft;
  // A slot that passes while the guest is typing is simply no longer chosen.
  const time = tonight.slots.includes(chosenTime) ? chosenTime : '';
  const partySize = Number.parseInt(partySizeText, 10);

  useEffect(() => {
    const timer = window.setInterval(refresh, AVAILABILITY_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const dirty = name !== '' || email !== '' || phone !== '' || partySizeText !== String(LIMITS.partySizeMin) || chosenTime !== '';
  const idle = useIdleReset(!booked && dirty && !submitting, onFinished, KIOSK_TIMINGS.idleMs, KIOSK_TIMINGS.warnMs);
  const busy = dirty || submitting || !!booked;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  if (booked) return <KioskDone booked={booked} headingRef={headingRef} onDone={onFinished} />;

  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  const ready = name !== '' && email !== '' && time !== '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !ready) return;
    const parsed = boardGameReservationSchema.safeParse({
      name,
      email,
      phone,
      party_size: partySizeText.trim() === '' ? Number.NaN : Number(partySizeText),
      event_date: tonight.date,
      event_time: time,
    });
    if (!parsed.success) {
      const { field, message, all } = firstIssue<Field>(parsed.error);
      setErrors(all);
      notify.error(TOAST_TITLES.boardGameValidation, message);
      if (field) focusField(formRef.current, ids[field]);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const data = parsed.data;
    try {
      const outcome = await submitThroughOutbox(
        'reservations',
        {
          name: data.name,
          email: data.email,
          phone: data.phone ?? '',
          party_size: data.party_size,
          event_name: BOARD_GAME_NIGHT,
          event_date: data.event_date,
          event_time: data.event_time,
          source: 'kiosk',
        },
        { label: `${BOARD_GAME_NIGHT} · ${formatNight(data.event_date)} at ${data.event_time} · ${people(data.party_size)}` },
      );
      if (outcome.status === 'rejected') {
        console.error('[kiosk] reservation rejected', outcome.message, outcome.fieldErrors);
        const fieldErrors = outcome.fieldErrors as Partial<Record<Field, string>>;
        const capacity = fieldErrors.event_date ?? fieldErrors.party_size;
        setErrors(fieldErrors);
        notify.error(TOAST_TITLES.error, capacity ?? FAILURE_MESSAGES.reservationSave);
        if (capacity) refresh();
        setSubmitting(false);
        return;
      }
      setBooked({ firstName: firstName(data.name), time: data.event_time, partySize: data.party_size, queued: outcome.status === 'queued' });
    } catch (error) {
      console.error('[kiosk] reservation failed', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.reservationCreate);
      setSubmitting(false);
    }
  }

  const intro = (
    <div className={styles.intro}>
      <h1 ref={headingRef} id={`${uid}-title`} tabIndex={-1} className={styles.title}>
        Reserve a table for tonight
      </h1>
      <p className={styles.date} id={ids.event_date}>
        <span className="visually-hidden">Tonight, </span>
        {formatLongDate(tonight.date)}
      </p>
    </div>
  );

  const full = seatsLeft !== undefined && seatsLeft <= 0;
  if (tonight.slots.length === 0 || full) {
    return (
      <section className={styles.closed} data-testid="kiosk-closed" aria-labelledby={`${uid}-closed`}>
        {intro}
        <div className={styles.closedCard}>
          <h2 id={`${uid}-closed`}>{full && tonight.slots.length > 0 ? 'Tonight is fully booked' : "Tonight's reservations are closed"}</h2>
          <p>
            {full && tonight.slots.length > 0
              ? 'Every table is reserved tonight. Please ask our staff at the bar: they will tell you if a table frees up.'
              : `Our last arrival time tonight was ${LAST_SLOT}. Please ask our staff at the bar, and come back soon!`}
          </p>
        </div>
      </section>
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
  const tooMany = seatsLeft !== undefined && Number.isFinite(partySize) && partySize > seatsLeft;

  return (
    <>
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        autoComplete="off"
        aria-labelledby={`${uid}-title`}
        data-testid="kiosk-form"
      >
        <div className={styles.introWrap}>
          {intro}
          {seatsLeft !== undefined ? (
            <p id={seatsId} className={styles.seats} data-low={seatsLeft < 10 || undefined} data-testid="kiosk-seats" aria-live="polite">
              <strong>{seatsLeft}</strong> {seatsLeft === 1 ? 'seat' : 'seats'} left tonight
            </p>
          ) : null}
        </div>

        <div className={styles.fields}>
          <TextField
            id={ids.name}
            classes={fieldClasses}
            label="Name"
            name="name"
            autoComplete="off"
            autoCapitalize="words"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="next"
            value={name}
            onChange={(v) => {
              setName(v);
              clear('name');
            }}
            error={errors.name}
          />
          <TextField
            id={ids.email}
            classes={fieldClasses}
            label={
              <>
                Email <span className={styles.optional}>(confirmation &amp; cancel link)</span>
              </>
            }
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="next"
            value={email}
            onChange={(v) => {
              setEmail(v);
              clear('email');
            }}
            error={errors.email}
          />
          <TextField
            id={ids.phone}
            classes={fieldClasses}
            label={
              <>
                Phone <span className={styles.optional}>(optional)</span>
              </>
            }
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            enterKeyHint="done"
            value={phone}
            onChange={(v) => {
              setPhone(v);
              clear('phone');
            }}
            error={errors.phone}
          />
          <div className={styles.field}>
            <label htmlFor={ids.party_size}>Number of people</label>
            <div className={styles.stepper}>
              <PartySizeStepper
                id={ids.party_size}
                value={partySizeText}
                onChange={(v) => {
                  setPartySizeText(v);
                  clear('party_size');
                }}
                invalid={!!errors.party_size}
                describedBy={described('party_size', tooMany ? seatsId : undefined)}
              />
            </div>
            {errorText('party_size')}
            {!errors.party_size && tooMany && seatsLeft > 0 ? (
              <p className={styles.warn}>That's more than the seats left tonight: please ask our staff.</p>
            ) : null}
          </div>
        </div>

        <div className={styles.slotsArea}>
          <KioskSlots
            slots={tonight.slots}
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

        <div className={styles.submitRow}>
          <Button type="submit" size="lg" block className={styles.submit} disabled={!ready || submitting} aria-busy={submitting || undefined}>
            {submitting ? 'Reserving...' : 'Reserve My Spot'}
          </Button>
        </div>
      </form>
      {idle.warningSecondsLeft !== null ? <StillThere secondsLeft={idle.warningSecondsLeft} onStillHere={idle.stillHere} /> : null}
    </>
  );
}

const LAST_SLOT = TIME_SLOTS[TIME_SLOTS.length - 1];
