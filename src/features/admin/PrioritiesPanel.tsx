import { useId } from 'react';
import { Form, SubmitButton, TextField, useBusy, useSchemaForm, type Schemas } from '../../components/form';
import { FAILURE_MESSAGES, LIMITS, SUCCESS_MESSAGES } from '../../lib/rules/limits';
import type { PriorityInput } from '../../lib/rules/schemas';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import { newRecordId } from '../../lib/recordId';
import { formatLongDate } from '../../lib/venueTime';
import { ListStatus } from './ListStatus';
import { staffAction } from './staffAction';
import { nextOrderIndex } from './priorities';
import { PriorityItem } from './PriorityItem';
import { recordChange, useCopyFilled, usePriorities, type NewChange } from './sync';
import type { Priority } from './types';
import { useVenueNight } from './useVenueNight';
import list from './Priorities.module.css';
import styles from './TaskManagement.module.css';

const DELETE_FAILED = FAILURE_MESSAGES.deletePriority;

type PriorityPatch = { is_completed: boolean } | { priority_text: string };
type NewPriority = { priority_text: string };
const pickSchema = (s: Schemas) => s.prioritySchema;
/** The schemas load on the field's first focus, so a priority can be added once the network drops. */
const WARM_UP = [loadSchemas];

/** Stores a priority change on the tablet (shown at once, sent with the queue), with the usual toasts. */
function queue(change: Omit<NewChange, 'collection'>, failure: string, success?: string): Promise<boolean> {
  return staffAction(() => recordChange({ ...change, collection: 'priorities' }), { failure, success });
}

/**
 * The day's priorities (SPEC §4 "Priority", §7): today's first, then the ones still open from
 * earlier days, newest first and marked with their date (priorities.ts). Add (empty or
 * whitespace-only text is ignored), tick off, edit inline, delete with a second tap.
 * A new priority's date is the venue's today and its order_index the count of today's.
 * Read from the tablet's copy and changed through the queue (sync/), so it works offline.
 */
export function PrioritiesPanel() {
  const uid = useId();
  const today = useVenueNight();
  const stored = usePriorities(today);
  const filled = useCopyFilled();
  const items = stored ?? [];
  const state: 'loading' | 'ready' = stored === undefined || (items.length === 0 && filled === false) ? 'loading' : 'ready';

  const add = (text: string): Promise<boolean> =>
    queue(
      {
        op: 'create',
        record_id: newRecordId(),
        fields: { priority_text: text, priority_date: today, is_completed: false, order_index: nextOrderIndex(items, today) },
        label: `New priority: ${text}`,
        preview: { created: new Date().toISOString().replace('T', ' ') },
      },
      FAILURE_MESSAGES.addPriority,
      SUCCESS_MESSAGES.priorityAdded,
    );

  async function save(item: Priority, patch: PriorityPatch, success?: string) {
    const base = 'is_completed' in patch ? { is_completed: item.is_completed } : { priority_text: item.priority_text };
    await queue({ op: 'update', record_id: item.id, fields: patch, base, label: `Priority: ${item.priority_text}` }, FAILURE_MESSAGES.updatePriority, success);
  }

  async function remove(item: Priority) {
    await queue({ op: 'delete', record_id: item.id, label: `Delete priority: ${item.priority_text}` }, DELETE_FAILED, SUCCESS_MESSAGES.priorityDeleted);
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

      <ListStatus state={state} empty={items.length === 0} loading="Loading priorities…" failure={FAILURE_MESSAGES.fetchPriorities} onRetry={() => undefined} emptyText="Nothing yet. What has to happen today?" />

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
    <Form form={form} onValid={add} canSubmit={!busy} className={list.addRow} warmUp={WARM_UP}>
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
