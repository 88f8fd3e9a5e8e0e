import { useMemo } from 'react';
import { Button } from '../../../components/Button';
import { Form, SelectField, SubmitButton, TextField, useBusy, useSchemaForm, type Schemas } from '../../../components/form';
import { notify } from '../../../components/toast';
import { LIMITS, TOAST_TITLES } from '../../../lib/rules/limits';
import { EVENT_LIMITS, WEEKDAYS, type EventKind, type EventRecordInput } from '../../../lib/rules/staff';
import { venueNight } from '../../../lib/venueTime';
import { StaffTextArea } from '../StaffTextArea';
import type { StaffEvent } from './eventsApi';
import tasks from '../TaskManagement.module.css';
import styles from './EventsEditor.module.css';

export type EventValues = {
  kind: EventKind;
  title: string;
  date: string;
  weekday: string;
  time: string;
  price: string;
  description: string;
  sort_order: string;
  open_tables: boolean;
  active: boolean;
};

export function valuesOf(event: StaffEvent | null, kind: EventKind): EventValues {
  return {
    kind: event?.kind ?? kind,
    title: event?.title ?? '',
    date: event?.date ?? '',
    weekday: event && event.weekday ? String(event.weekday) : '',
    time: event?.time ?? '',
    price: event?.price ?? '',
    description: event?.description ?? '',
    sort_order: String(event?.sort_order ?? 0),
    open_tables: event?.open_tables ?? false,
    active: event?.active ?? true,
  };
}

/** Typed values for the shared rules: a chosen weekday and a typed sort order are numbers (any other text stays text and is refused). */
const toInput = ({ weekday, sort_order, ...rest }: EventValues) => ({
  ...rest,
  weekday: weekday === '' ? undefined : Number(weekday),
  sort_order: sort_order.trim() === '' ? undefined : /^\d+$/.test(sort_order.trim()) ? Number(sort_order.trim()) : sort_order,
});

interface Props {
  initial: EventValues;
  heading: string;
  /** The edited special event's stored date: keeping it is allowed once it has passed (hiding an old event). */
  storedDate?: string | undefined;
  /** Saves; answers the server's field messages when it refuses, true when saved, false when the editor took over (a confirmation). */
  onSave: (event: EventRecordInput) => Promise<true | false | Record<string, string>>;
  onCancel: () => void;
}

/** Add or edit a special event or a weekly entry, on the form kit with the shared rules (src/lib/rules/staff.ts). */
export function EventForm({ initial, heading, storedDate, onSave, onCancel }: Props) {
  // The server's check as of the venue's night (hooks/lib/staff-records.ts): no new past date.
  const pickSchema = useMemo(() => (s: Schemas) => s.eventSchemaFor({ today: venueNight(), storedDate }), [storedDate]);
  const form = useSchemaForm<EventValues, EventRecordInput>({ defaultValues: initial, schema: pickSchema, toInput });
  const { busy, state, run } = useBusy();
  const special = initial.kind === 'special';

  const onValid = (event: EventRecordInput) =>
    run(async () => {
      const answer = await onSave(event);
      if (typeof answer === 'object') form.showErrors(answer, { focus: true });
    });

  const field = (name: 'title' | 'date' | 'time' | 'price' | 'sort_order') => ({ id: form.idOf(name), error: form.errorOf(name), controlClassName: tasks.input, autoComplete: 'off', ...form.register(name) });
  return (
    <Form form={form} onValid={onValid} onInvalid={({ message }) => notify.error(TOAST_TITLES.error, message)} canSubmit={!busy} className={tasks.taskForm} noValidate aria-label={heading}>
      <h3 className={tasks.newTaskTitle}>{heading}</h3>
      <div className={tasks.formGrid}>
        <TextField {...field('title')} label="Title" fieldClassName={tasks.span2} maxLength={EVENT_LIMITS.titleMax} autoFocus />
        {special ? (
          <TextField {...field('date')} type="date" label="Date" />
        ) : (
          <SelectField id={form.idOf('weekday')} error={form.errorOf('weekday')} controlClassName={tasks.input} label="Weekday" {...form.register('weekday')} blank="Choose a day" options={WEEKDAYS} by="value" />
        )}
        <TextField {...field('time')} label="Time" maxLength={LIMITS.timeMax} placeholder="e.g. 7pm or 6pm-10:30pm" />
        <TextField {...field('price')} label="Price" optional maxLength={EVENT_LIMITS.priceMax} placeholder="e.g. Free or $10" />
        {special ? null : <TextField {...field('sort_order')} label="Sort order" inputMode="numeric" hint="Lower numbers come first on the day" />}
        <StaffTextArea id={form.idOf('description')} error={form.errorOf('description')} label="Description" maxLength={EVENT_LIMITS.descriptionMax} rows={3} {...form.register('description')} />
        <label className={styles.toggle}>
          <input type="checkbox" {...form.register('open_tables')} /> Open tables (board game night itself)
        </label>
        <label className={styles.toggle}>
          <input type="checkbox" {...form.register('active')} /> Shown on the public pages
        </label>
      </div>
      <div className={tasks.formActions}>
        <SubmitButton state={state} label="Save" busyLabel="Saving..." />
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
