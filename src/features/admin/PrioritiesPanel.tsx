import { useCallback, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, LIMITS, SUCCESS_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { formatLongDate, venueToday } from '../../lib/venueTime';
import { prioritiesApi } from './api';
import { applyChange, useRealtime } from './live';
import type { Priority } from './types';
import styles from './TaskManagement.module.css';

const SUCCESS = 'Success';
const DELETE_FAILED = FAILURE_MESSAGES.deletePriority;

function byOrder(a: Priority, b: Priority): number {
  return a.order_index - b.order_index || a.created.localeCompare(b.created);
}

/**
 * Today's priorities (SPEC §4 "Priority", §7): add (empty or whitespace-only text is ignored),
 * tick off, edit inline (saved on Enter or when the field loses focus; empty is ignored),
 * delete. priority_date is the venue's today; order_index is the current count.
 */
export function PrioritiesPanel() {
  const uid = useId();
  const [today] = useState(() => venueToday());
  const [items, setItems] = useState<Priority[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const editingRef = useRef<string | null>(null);

  const load = useCallback(
    async (quiet = false) => {
      try {
        const rows = await prioritiesApi.listForDate(today);
        setItems(rows);
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

  // Loaded once the realtime subscription is confirmed (and again quietly after a reconnect).
  const loadedOnce = useRef(false);
  useRealtime<Priority>(
    'priorities',
    (action, record) => {
      if (record.priority_date !== today && action !== 'delete') return;
      setItems((current) => applyChange(current, action, record).sort(byOrder));
    },
    () => {
      void load(loadedOnce.current);
      loadedOnce.current = true;
    },
  );

  async function add(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value || adding) return;
    setAdding(true);
    try {
      const created = await prioritiesApi.create(value, today, items.length);
      setItems((current) => applyChange(current, 'create', created).sort(byOrder));
      setText('');
      notify.success(SUCCESS, SUCCESS_MESSAGES.priorityAdded);
    } catch (error) {
      console.error(FAILURE_MESSAGES.addPriority, error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.addPriority);
    } finally {
      setAdding(false);
    }
  }

  async function toggle(item: Priority) {
    const next = !item.is_completed;
    setItems((current) => current.map((p) => (p.id === item.id ? { ...p, is_completed: next } : p)));
    try {
      await prioritiesApi.update(item.id, { is_completed: next });
    } catch (error) {
      console.error(FAILURE_MESSAGES.updatePriority, error);
      setItems((current) => current.map((p) => (p.id === item.id ? { ...p, is_completed: item.is_completed } : p)));
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.updatePriority);
    }
  }

  function startEdit(item: Priority) {
    editingRef.current = item.id;
    setEditingId(item.id);
    setDraft(item.priority_text);
  }

  function stopEdit() {
    editingRef.current = null;
    setEditingId(null);
  }

  /** Saves the inline edit once (Enter, then the blur that follows, must not save twice). */
  async function commit(item: Priority) {
    if (editingRef.current !== item.id) return;
    stopEdit();
    const value = draft.trim();
    if (!value || value === item.priority_text) return;
    setItems((current) => current.map((p) => (p.id === item.id ? { ...p, priority_text: value } : p)));
    try {
      await prioritiesApi.update(item.id, { priority_text: value });
      notify.success(SUCCESS, SUCCESS_MESSAGES.priorityUpdated);
    } catch (error) {
      console.error(FAILURE_MESSAGES.updatePriority, error);
      setItems((current) => current.map((p) => (p.id === item.id ? { ...p, priority_text: item.priority_text } : p)));
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.updatePriority);
    }
  }

  function onEditKey(event: KeyboardEvent<HTMLInputElement>, item: Priority) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit(item);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopEdit();
    }
  }

  async function remove(item: Priority) {
    setItems((current) => current.filter((p) => p.id !== item.id));
    try {
      await prioritiesApi.remove(item.id);
      notify.success(SUCCESS, SUCCESS_MESSAGES.priorityDeleted);
    } catch (error) {
      console.error(DELETE_FAILED, error);
      setItems((current) => applyChange(current, 'create', item).sort(byOrder));
      notify.error(TOAST_TITLES.error, DELETE_FAILED);
    }
  }

  const done = items.filter((p) => p.is_completed).length;

  return (
    <section className={styles.priorities} aria-labelledby={`${uid}-title`}>
      <div className={styles.panelHead}>
        <h2 id={`${uid}-title`} className={styles.panelTitle}>
          Today&rsquo;s priorities
        </h2>
        <p className={styles.panelMeta}>
          {formatLongDate(today)}
          {items.length ? ` · ${done} of ${items.length} done` : ''}
        </p>
      </div>

      <form className={styles.addRow} onSubmit={add}>
        <label htmlFor={`${uid}-new`} className="visually-hidden">
          New priority
        </label>
        <input
          id={`${uid}-new`}
          className={styles.input}
          placeholder="Add a priority"
          value={text}
          maxLength={LIMITS.priorityTextMax}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
        />
        <Button type="submit" disabled={adding}>
          Add
        </Button>
      </form>

      {state === 'loading' ? <p className={styles.muted}>Loading priorities…</p> : null}
      {state === 'error' ? (
        <p className={styles.muted} role="alert">
          {FAILURE_MESSAGES.fetchPriorities}.{' '}
          <button type="button" className={styles.linkButton} onClick={() => void load()}>
            Try again
          </button>
        </p>
      ) : null}
      {state === 'ready' && items.length === 0 ? <p className={styles.muted}>Nothing yet. What has to happen today?</p> : null}

      <ul className={styles.priorityList} aria-label="Today's priorities">
        {items.map((item) => (
          <li key={item.id} className={styles.priority} data-done={item.is_completed || undefined}>
            <label className={styles.check}>
              <input type="checkbox" checked={item.is_completed} onChange={() => void toggle(item)} />
              <span className="visually-hidden">Done: {item.priority_text}</span>
            </label>
            {editingId === item.id ? (
              <input
                className={`${styles.input} ${styles.priorityEdit}`}
                aria-label="Edit priority"
                value={draft}
                maxLength={LIMITS.priorityTextMax}
                autoFocus
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => onEditKey(e, item)}
                onBlur={() => void commit(item)}
              />
            ) : (
              <button
                type="button"
                className={styles.priorityText}
                onClick={() => startEdit(item)}
              >
                <span className="visually-hidden">Edit priority: </span>
                {item.priority_text}
              </button>
            )}
            <button
              type="button"
              className={styles.iconButton}
              aria-label={`Delete priority: ${item.priority_text}`}
              onClick={() => void remove(item)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
