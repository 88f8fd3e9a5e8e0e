import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, SubmitButton, TextField, useBusy, useSchemaForm, type Schemas } from '../../components/form';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, LIMITS, SUCCESS_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import type { PriorityInput } from '../../lib/rules/schemas';
import { formatLongDate, venueNight } from '../../lib/venueTime';
import { prioritiesApi } from './api';
import { ListStatus } from './ListStatus';
import { staffAction } from './staffAction';
import { useRealtime } from './live';
import { applyPriorityChange, nextOrderIndex, orderPriorities } from './priorities';
import { PriorityItem } from './PriorityItem';
import type { Priority } from './types';
import list from './Priorities.module.css';
import styles from './TaskManagement.module.css';

const DELETE_FAILED = FAILURE_MESSAGES.deletePriority;

type PriorityPatch = { is_completed: boolean } | { priority_text: string };
type NewPriority = { priority_text: string };
const pickSchema = (s: Schemas) => s.prioritySchema;

/** The venue night (until 4:00, venueNight), checked each minute: the staff tablet stays open past midnight. */
function useVenueToday(): string {
  const [today, setToday] = useState(() => venueNight());
  useEffect(() => {
    const timer = window.setInterval(() => setToday(venueNight()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}

/**
 * The day's priorities (SPEC §4 "Priority", §7): today's first, then the ones still open from
 * earlier days, newest first and marked with their date (priorities.ts). Add (empty or
 * whitespace-only text is ignored), tick off, edit inline, delete with a second tap.
 * A new priority's date is the venue's today and its order_index the count of today's.
 */
export function PrioritiesPanel() {
  const uid = useId();
  const today = useVenueToday();
  const [items, setItems] = useState<Priority[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  const load = useCallback(
    async (quiet = false) => {
      try {
        const rows = await prioritiesApi.listOpenAndForDate(today);
        setItems(orderPriorities(rows, today));
        setState('ready');
      } catch (error) {
        console.error(FAILURE_MESSAGES.fetchPriorities, error);
        if (!quiet) {
          notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.fetchPriorities);
          setState((s) => (s === 'ready' ? s : 'error'));
        }
      }
    },
    [today],
  );

  // Loaded once the realtime subscription is confirmed (and again quietly after a reconnect),
  // so that no change falls between the load and the subscription.
  const loadedOnce = useRef(false);
  useRealtime<Priority>(
    'priorities',
    (action, record) => setItems((current) => applyPriorityChange(current, action, record, today)),
    () => {
      void load(loadedOnce.current);
      loadedOnce.current = true;
    },
  );

  // At the venue's midnight today's list becomes yesterday's: reload so the finished ones leave
  // and the open ones carry over with their date.
  const loadedDay = useRef(today);
  useEffect(() => {
    if (loadedDay.current === today) return;
    loadedDay.current = today;
    if (loadedOnce.current) void load(true);
  }, [today, load]);

  const add = (text: string): Promise<boolean> =>
    staffAction(
      async () => {
        const created = await prioritiesApi.create(text, today, nextOrderIndex(items, today));
        setItems((current) => applyPriorityChange(current, 'create', created, today));
      },
      { failure: FAILURE_MESSAGES.addPriority, success: SUCCESS_MESSAGES.priorityAdded },
    );

  /** Shows `patch` at once and puts back what it changed if the server refuses it. */
  async function save(item: Priority, patch: PriorityPatch, success?: string) {
    const patchRow = (row: PriorityPatch) =>
      setItems((current) => current.map((p) => (p.id === item.id ? { ...p, ...row } : p)));
    patchRow(patch);
    const undo = () => patchRow('is_completed' in patch ? { is_completed: item.is_completed } : { priority_text: item.priority_text });
    await staffAction(() => prioritiesApi.update(item.id, patch), { failure: FAILURE_MESSAGES.updatePriority, success, undo });
  }

  async function remove(item: Priority) {
    setItems((current) => current.filter((p) => p.id !== item.id));
    await staffAction(() => prioritiesApi.remove(item.id), { failure: DELETE_FAILED, success: SUCCESS_MESSAGES.priorityDeleted, undo: () => setItems((current) => applyPriorityChange(current, 'create', item, today)) });
  }

  const todays = items.filter((p) => p.priority_date === today);
  const done = todays.filter((p) => p.is_completed).length;
  const carried = items.length - todays.length;

  return (
    <section className={styles.priorities} aria-labelledby={`${uid}-title`}>
      <div className={styles.panelHead}>
        <h2 id={`${uid}-title`} className={styles.panelTitle}>
          Today&rsquo;s priorities
        </h2>
        <p className={styles.panelMeta}>
          {formatLongDate(today)}
          {todays.length ? ` · ${done} of ${todays.length} done` : ''}
          {carried ? ` · ${carried} still open from earlier` : ''}
        </p>
      </div>

      <NewPriorityForm onAdd={add} />

      <ListStatus state={state} empty={items.length === 0} loading="Loading priorities…" failure={FAILURE_MESSAGES.fetchPriorities} onRetry={() => void load()} emptyText="Nothing yet. What has to happen today?" />

      <ul className={list.priorityList} aria-label="Today's priorities">
        {items.map((item) => (
          <PriorityItem
            key={item.id}
            item={item}
            today={today}
            onToggle={(p) => void save(p, { is_completed: !p.is_completed })}
            onRename={(p, value) => void save(p, { priority_text: value }, SUCCESS_MESSAGES.priorityUpdated)}
            onDelete={(p) => void remove(p)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The new priority's row, on the form kit: empty or whitespace-only text is ignored (SPEC §5);
 * the field empties once `onAdd` has saved the trimmed text.
 */
export function NewPriorityForm({ onAdd }: { onAdd: (text: string) => Promise<boolean> }) {
  const form = useSchemaForm<NewPriority, PriorityInput>({ defaultValues: { priority_text: '' }, schema: pickSchema });
  const { busy, state, run } = useBusy();
  const add = ({ priority_text: text }: PriorityInput) =>
    run(async () => {
      if (text !== null && (await onAdd(text))) form.reset();
    });
  return (
    <Form form={form} onValid={add} canSubmit={!busy} className={list.addRow}>
      <TextField
        id={form.idOf('priority_text')}
        {...form.register('priority_text')}
        label="New priority"
        hiddenLabel
        fieldClassName={list.addField}
        controlClassName={styles.input}
        placeholder="Add a priority"
        maxLength={LIMITS.priorityTextMax}
        autoComplete="off"
      />
      <SubmitButton state={state} label="Add" busyLabel="Add" />
    </Form>
  );
}
