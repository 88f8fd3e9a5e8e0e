import { useEffect, useId, useMemo, useState, type RefObject } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Field, FieldError, Form, PartySizeStepper, SubmitButton, TextField, TimeSlots, describedBy, fieldIds, useSchemaForm, useSubmission, type Schemas } from '../../components/form';
import { notify } from '../../components/toast';
import { reportReservationNotSaved } from '../../components/reservationNotSaved';
import { BOARD_GAME_NIGHT, LIMITS, TOAST_TITLES } from '../../lib/rules/limits';
import * as schemas from '../../lib/rules/schemas';
import type { BoardGameReservationInput } from '../../lib/rules/schemas';
import { WALK_IN_MESSAGES } from '../../lib/rules/walkIns';
import { formatLongDate, formatNight, formatVenueClock } from '../../lib/venueTime';
import { useAvailability } from '../../lib/api/availability';
import { useWaitlist, WaitlistOffer } from '../waitlist';
import { KioskDone, type Booked } from './KioskDone';
import { StillThere } from './StillThere';
import { KIOSK_TIMINGS, useIdleReset, useNow } from './timers';
import { firstName, useTonight } from './tonight';
import styles from './Kiosk.module.css';

type Values = { name: string; email: string; phone: string; party_size: string; event_time: string };

const EMPTY: Values = { name: '', email: '', phone: '', party_size: String(LIMITS.partySizeMin), event_time: '' };
const pickSchema = (s: Schemas) => s.kioskReservationSchema;
/** The schemas come with the kiosk's own code, so a guest can book even if the Wi-Fi dropped before anyone touched it. */
const withKiosk = () => Promise.resolve(schemas);
/** Availability is re-read now and then: the kiosk stands at the door all night. */
const AVAILABILITY_REFRESH_MS = 2 * 60_000;
/** Every kiosk field: no autofill from the previous guest, no corrections. */
const BARE = { autoComplete: 'off', autoCorrect: 'off', spellCheck: false } as const;

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
 * One guest's visit: tonight's board game night form on the form kit at its large size (the same
 * schema, messages and toasts as the site's form, SPEC §4/§5), then the confirmation. Unmounted on
 * reset, so all of it goes. Open while tonight's open tables run (the weekly schedule, walkIns.ts):
 * the listed times still ahead, and once they have passed, the arrival is now.
 */
export function KioskSession({ headingRef, onFinished, onBusyChange }: Props) {
  const uid = useId();
  const now = useNow();
  const { walkIns, night, slots: tonightSlots, arrivingNow } = useTonight(now);
  const tonight = { date: night, slots: tonightSlots };
  const slotsKey = tonightSlots.join();
  // A slot that passes while the guest is typing is simply no longer chosen.
  const toInput = useMemo(() => {
    const slots = slotsKey.split(',');
    return (v: Values) => ({
      ...v,
      party_size: v.party_size.trim() === '' ? Number.NaN : Number(v.party_size),
      event_date: night,
      event_time: arrivingNow ? formatVenueClock(new Date()) : slots.includes(v.event_time) ? v.event_time : '',
    });
  }, [night, slotsKey, arrivingNow]);
  const form = useSchemaForm<Values, BoardGameReservationInput>({ defaultValues: EMPTY, schema: pickSchema, toInput, load: withKiosk });
  const submission = useSubmission('reservations');
  const [booked, setBooked] = useState<Booked | null>(null);
  const { nights, refresh } = useAvailability();
  const waitlist = useWaitlist('kiosk');
  const seatsLeft = nights.get(tonight.date)?.seatsLeft;
  const [name, email, phone, partySizeText, chosenTime] = useWatch({ control: form.control, name: ['name', 'email', 'phone', 'party_size', 'event_time'] });
  const time = tonight.slots.includes(chosenTime) ? chosenTime : '';

  useEffect(() => {
    const timer = window.setInterval(refresh, AVAILABILITY_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const dirty = name !== '' || email !== '' || phone !== '' || partySizeText !== EMPTY.party_size || chosenTime !== '';
  const sending = submission.busy || waitlist.submission.busy;
  const idle = useIdleReset(!booked && dirty && !sending, onFinished, KIOSK_TIMINGS.idleMs, KIOSK_TIMINGS.warnMs);
  const busy = dirty || sending || !!booked;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  if (booked) return <KioskDone booked={booked} headingRef={headingRef} onDone={onFinished} />;

  const ready = name !== '' && email !== '' && (time !== '' || arrivingNow);
  const onValid = async (data: BoardGameReservationInput) => {
    const guest = { firstName: firstName(data.name), time: data.event_time, partySize: data.party_size };
    if (waitlist.takeChoice()) {
      const joined = await waitlist.join(data, form);
      if (joined) setBooked({ ...guest, queued: joined.kind === 'queued', waitlist: joined.message });
      return;
    }
    const body = {
      ...{ name: data.name, email: data.email, phone: data.phone ?? '', party_size: data.party_size },
      ...{ event_name: BOARD_GAME_NIGHT, event_date: data.event_date, event_time: data.event_time, source: 'kiosk' },
    };
    const result = await submission.submit(body, `${BOARD_GAME_NIGHT} · ${formatNight(data.event_date)} at ${data.event_time} · ${people(data.party_size)}`);
    if (result.kind === 'delivered' || result.kind === 'queued') {
      setBooked({ ...guest, queued: result.kind === 'queued', restoring: result.kind === 'queued' && result.restoring === true });
    } else {
      if (result.kind === 'refused') waitlist.noteRefusal(result, data.event_date, data.party_size);
      reportReservationNotSaved(result, form, refresh, 'kiosk');
    }
  };

  const intro = <Intro headingRef={headingRef} titleId={`${uid}-title`} dateId={`${uid}-date`} tonight={tonight} />;
  if (!walkIns.open) return <Closed uid={uid} intro={intro} opensAt={walkIns.opensAt} />;

  const seatsId = `${uid}-seats`;
  const partySize = Number.parseInt(partySizeText, 10);
  const tooMany = seatsLeft !== undefined && Number.isFinite(partySize) && partySize > seatsLeft;
  const text = (f: 'name' | 'email' | 'phone') => ({ id: form.idOf(f), error: form.errorOf(f), ...BARE, ...form.register(f) });
  const timeError = fieldIds(form.idOf('event_time')).error;

  return (
    <>
      <Form
        form={form}
        onValid={onValid}
        onInvalid={({ message }) => (waitlist.takeChoice(), notify.error(TOAST_TITLES.boardGameValidation, message))}
        canSubmit={ready && !sending}
        size="lg"
        className={styles.form}
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
          <TextField {...text('name')} label="Name" autoCapitalize="words" enterKeyHint="next" />
          <TextField
            {...text('email')}
            label={
              <>
                Email <span className={styles.optional}>(confirmation &amp; cancel link)</span>
              </>
            }
            type="email"
            inputMode="email"
            autoCapitalize="none"
            enterKeyHint="next"
          />
          <TextField {...text('phone')} label="Phone" optional type="tel" inputMode="tel" enterKeyHint="done" />
          <Controller
            control={form.control}
            name="party_size"
            render={({ field }) => {
              const id = form.idOf('party_size');
              const error = form.errorOf('party_size');
              const warn = !error && tooMany && seatsLeft > 0 ? <p className={styles.warn}>That's more than the seats left tonight: please ask our staff.</p> : null;
              return (
                <Field id={id} label="Number of people" error={error} after={warn}>
                  <PartySizeStepper id={id} ref={field.ref} value={field.value} onChange={field.onChange} size="lg" invalid={!!error} describedBy={describedBy(id, { error, extra: tooMany ? seatsId : undefined })} />
                </Field>
              );
            }}
          />
        </div>

        <div className={styles.slotsArea}>
          {arrivingNow ? (
            <p className={styles.arrival} data-testid="kiosk-arrival">
              {WALK_IN_MESSAGES.arrivingNow(formatVenueClock(now))}
            </p>
          ) : (
            <Controller
              control={form.control}
              name="event_time"
              render={({ field }) => (
                <TimeSlots slots={tonight.slots} value={time} onChange={field.onChange} ref={field.ref} size="lg" invalid={!!form.errorOf('event_time')} errorId={timeError} firstInputId={form.idOf('event_time')} />
              )}
            />
          )}
          <FieldError id={timeError} error={form.errorOf('event_time')} />
        </div>

        <div className={styles.submitRow}>
          {waitlist.offered(tonight.date, partySize, nights.get(tonight.date)) ? (
            <WaitlistOffer date={tonight.date} state={waitlist.submission.state} onChoose={waitlist.choose} disabled={!ready || submission.busy} size="lg" />
          ) : null}
          <SubmitButton state={submission.state} size="lg" block className={styles.submit} disabled={!ready || waitlist.submission.busy} label="Reserve My Spot" busyLabel="Reserving..." />
        </div>
      </Form>
      {idle.warningSecondsLeft !== null ? <StillThere secondsLeft={idle.warningSecondsLeft} onStillHere={idle.stillHere} /> : null}
    </>
  );
}

function Intro({ headingRef, titleId, dateId, tonight }: { headingRef: RefObject<HTMLHeadingElement | null>; titleId: string; dateId: string; tonight: { date: string } }) {
  return (
    <div className={styles.intro}>
      <h1 ref={headingRef} id={titleId} tabIndex={-1} className={styles.title}>
        Reserve a table for tonight
      </h1>
      <p className={styles.date} id={dateId}>
        <span className="visually-hidden">Tonight, </span>
        {formatLongDate(tonight.date)}
      </p>
    </div>
  );
}

function Closed({ uid, intro, opensAt }: { uid: string; intro: React.ReactNode; opensAt: Date | null }) {
  return (
    <section className={styles.closed} data-testid="kiosk-closed" aria-labelledby={`${uid}-closed`}>
      {intro}
      <div className={styles.closedCard}>
        <h2 id={`${uid}-closed`}>{WALK_IN_MESSAGES.closedTitle}</h2>
        {opensAt ? <p data-testid="kiosk-opens-again">{WALK_IN_MESSAGES.opensAgain(opensAt)}</p> : null}
        <p>{WALK_IN_MESSAGES.askStaff}</p>
      </div>
    </section>
  );
}
