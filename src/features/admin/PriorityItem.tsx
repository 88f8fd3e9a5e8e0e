import { useRef, useState, type KeyboardEvent } from 'react';
import { Form, TextField, useSchemaForm, type Schemas } from '../../components/form';
import { LIMITS } from '../../lib/rules/limits';
import type { PriorityInput } from '../../lib/rules/schemas';
import { formatNight, type IsoDate } from '../../lib/venueTime';
import type { Priority } from './types';
import { useTapTwice } from './useTapTwice';
import list from './Priorities.module.css';
import styles from './TaskManagement.module.css';

type Draft = { priority_text: string };
const pickSchema = (s: Schemas) => s.prioritySchema;

interface Props {
  item: Priority;
  today: IsoDate;
  onToggle: (item: Priority) => void;
  /** Saves new text (already trimmed, non-empty and changed). */
  onRename: (item: Priority, text: string) => void;
  onDelete: (item: Priority) => void;
}

/**
 * One priority: tick off, edit inline (a form of the kit: saved on Enter or when the field loses
 * focus; empty is ignored, Escape cancels), delete with a second tap. A priority carried over
 * from an earlier day shows that day, so staff see how long it has been open; ticked off, it
 * stays in view until the panel opens again, "From" that day.
 */
export function PriorityItem({ item, today, onToggle, onRename, onDelete }: Props) {
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm<Draft, PriorityInput>({ defaultValues: { priority_text: '' }, schema: pickSchema });
  // Enter saves and the blur that follows must not save twice: the ref changes synchronously.
  const editingRef = useRef(false);
  const [confirmDelete, askDelete] = useTapTwice(() => onDelete(item));
  const carried = item.priority_date !== today;
  // The tick shows at once: the change reaches the list through the tablet's copy a moment
  // later, and a checkbox that springs back meanwhile reads as "did not take".
  const [ticked, setTicked] = useState<{ from: boolean; to: boolean } | null>(null);
  const done = ticked && ticked.from === item.is_completed ? ticked.to : item.is_completed;

  function startEdit() {
    editingRef.current = true;
    form.reset({ priority_text: item.priority_text });
    setEditing(true);
  }

  function stopEdit() {
    editingRef.current = false;
    setEditing(false);
  }

  function commit({ priority_text: value }: PriorityInput) {
    if (!editingRef.current) return;
    stopEdit();
    if (value !== null && value !== item.priority_text) onRename(item, value);
  }

  function onEditKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      stopEdit();
    }
  }

  const draft = form.register('priority_text');
  return (
    <li className={list.priority} data-done={done || undefined}>
      <label className={list.check}>
        <input
          type="checkbox"
          checked={done}
          onChange={() => {
            setTicked({ from: item.is_completed, to: !item.is_completed });
            onToggle(item);
          }}
        />
        <span className="visually-hidden">Done: {item.priority_text}</span>
      </label>
      <div className={list.priorityBody}>
        {editing ? (
          <Form form={form} onValid={commit}>
            <TextField
              id={form.idOf('priority_text')}
              {...draft}
              onBlur={(event) => {
                void draft.onBlur(event);
                if (editingRef.current) event.currentTarget.form?.requestSubmit();
              }}
              label="Edit priority"
              hiddenLabel
              controlClassName={styles.input}
              maxLength={LIMITS.priorityTextMax}
              autoFocus
              autoComplete="off"
              onKeyDown={onEditKey}
            />
          </Form>
        ) : (
          <button type="button" className={list.priorityText} onClick={startEdit}>
            <span className="visually-hidden">Edit priority: </span>
            {item.priority_text}
          </button>
        )}
        {'waiting' in item && item.waiting ? <p className={styles.waiting}>Waiting to send</p> : null}
        {carried ? (
          <p className={list.priorityDate}>
            {done ? 'From' : 'Open since'} <time dateTime={item.priority_date}>{formatNight(item.priority_date)}</time>
          </p>
        ) : null}
      </div>
      {/* One button in both states, so keyboard focus stays on it for the second press. */}
      <button
        type="button"
        className={confirmDelete ? `${styles.textButton} ${styles.danger} ${list.priorityConfirm}` : styles.iconButton}
        aria-label={confirmDelete ? undefined : `Delete priority: ${item.priority_text}`}
        onClick={askDelete}
      >
        {confirmDelete ? (
          <>
            Tap again to delete<span className="visually-hidden"> priority: {item.priority_text}</span>
          </>
        ) : (
          <span aria-hidden="true">×</span>
        )}
      </button>
    </li>
  );
}
