import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Card } from '../../components/Layout';
import { Field, FieldBox, FieldError, Form, PartySizeStepper, SubmitButton, SubmitRow, TimeSlots, describedBy, fieldIds, useBusy, useSchemaForm, type Schemas } from '../../components/form';
import { fieldMessages } from '../../lib/api/json';
import { LIMITS } from '../../lib/rules/limits';
import { MANAGE_MESSAGES } from '../../lib/rules/waitlist';
import { reservationLink, type ReservationSummary } from './tokenApi';
import styles from './ThankYou.module.css';

type Values = { party_size: string; event_time: string };
type Change = { party_size: number; event_time: string };

const pickSchema = (s: Schemas) => s.boardGameReservationSchema.pick({ party_size: true, event_time: true });
const toInput = (v: Values) => ({ ...v, party_size: v.party_size.trim() === '' ? Number.NaN : Number(v.party_size) });

export type ChangeOutcome = { kind: 'changed'; reservation: ReservationSummary } | { kind: 'tooLate'; message: string } | { kind: 'notFound'; message: string };

/**
 * The manage page's change form (board game night only): the party size and the arrival time,
 * on the form kit, sent to POST /api/reservations/manage/{token}. The server checks the seats in
 * the same transaction; its field messages (and a full night's) show on the fields and above
 * the button.
 */
export function ChangeReservation({ token, reservation, onDone }: { token: string; reservation: ReservationSummary; onDone: (outcome: ChangeOutcome) => void }) {
  const form = useSchemaForm<Values, Change>({
    defaultValues: { party_size: String(reservation.party_size), event_time: reservation.event_time },
    schema: pickSchema,
    toInput,
  });
  const { state, run } = useBusy();
  const [problem, setProblem] = useState('');

  const onValid = (data: Change) =>
    run(async () => {
      const patch: Partial<Change> = {};
      if (data.party_size !== reservation.party_size) patch.party_size = data.party_size;
      if (data.event_time !== reservation.event_time) patch.event_time = data.event_time;
      if (Object.keys(patch).length === 0) return setProblem(MANAGE_MESSAGES.nothingChanged);
      setProblem('');
      try {
        const { status, body } = await reservationLink.change(token, patch);
        const message = typeof body.message === 'string' ? body.message : '';
        if (status === 200) return onDone({ kind: 'changed', reservation: body as unknown as ReservationSummary });
        if (status === 409) return onDone({ kind: 'tooLate', message: message || MANAGE_MESSAGES.changeTooLate });
        if (status === 404) return onDone({ kind: 'notFound', message });
        if (status !== 400) throw new Error(`HTTP ${status}`);
        const fields = fieldMessages(body);
        form.showErrors(fields, { focus: true });
        setProblem(Object.values(fields)[0] ?? message);
      } catch {
        setProblem("We couldn't save your change just now. Check your connection and try again.");
      }
    });

  const sizeId = form.idOf('party_size');
  const timeErrorId = fieldIds(form.idOf('event_time')).error;
  return (
    <Card as="section" aria-labelledby="change-heading">
      <h2 id="change-heading" className={styles.cardTitle}>
        Change your reservation
      </h2>
      <Form form={form} onValid={onValid} onInvalid={({ message }) => setProblem(message)} canSubmit={state === 'idle'} noValidate data-testid="change-form">
        <Controller
          control={form.control}
          name="party_size"
          render={({ field }) => (
            <Field id={sizeId} label="Number of people" error={form.errorOf('party_size')} hintWhenValid={`${LIMITS.partySizeMin} to ${LIMITS.partySizeMax} people.`}>
              <PartySizeStepper id={sizeId} ref={field.ref} value={field.value} onChange={field.onChange} invalid={!!form.errorOf('party_size')} describedBy={describedBy(sizeId, { error: form.errorOf('party_size') })} />
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="event_time"
          render={({ field }) => (
            <FieldBox>
              <TimeSlots value={field.value} onChange={field.onChange} ref={field.ref} invalid={!!form.errorOf('event_time')} errorId={timeErrorId} firstInputId={form.idOf('event_time')} />
              <FieldError id={timeErrorId} error={form.errorOf('event_time')} />
            </FieldBox>
          )}
        />
        <SubmitRow fineprint={problem ? <span role="alert" data-testid="change-problem">{problem}</span> : undefined}>
          <SubmitButton state={state} label="Save changes" busyLabel="Saving..." />
        </SubmitRow>
      </Form>
    </Card>
  );
}
