import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { LIMITS, MESSAGES, TASK_CATEGORIES, TOAST_TITLES, type TaskCategoryId } from '../../lib/rules/limits';
import type { TaskEdit } from './api';
import styles from './TaskManagement.module.css';

/** Optional text is stored as null when empty (SPEC §5). */
export function nullIfBlank(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The form's values as a task edit, or the validation message (title required). */
export function taskFromForm(values: {
  title: string;
  description: string;
  cadence: string;
  category: TaskCategoryId;
}): { ok: true; task: TaskEdit } | { ok: false; message: string } {
  const title = values.title.trim();
  if (!title) return { ok: false, message: MESSAGES.taskTitleRequired };
  return {
    ok: true,
    task: { title, description: nullIfBlank(values.description), cadence: nullIfBlank(values.cadence), category: values.category },
  };
}

interface Props {
  initial: { title: string; description: string; cadence: string; category: TaskCategoryId };
  submitLabel: string;
  busyLabel: string;
  onSubmit: (task: TaskEdit) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
  heading?: string;
}

/** New task and edit task: title (required), category, cadence, description. */
export function TaskForm({ initial, submitLabel, busyLabel, onSubmit, onCancel, autoFocus, heading }: Props) {
  const uid = useId();
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [cadence, setCadence] = useState(initial.cadence);
  const [category, setCategory] = useState<TaskCategoryId>(initial.category);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = taskFromForm({ title, description, cadence, category });
    if (!result.ok) {
      notify.error(TOAST_TITLES.error, result.message);
      return;
    }
    setBusy(true);
    const saved = await onSubmit(result.task);
    setBusy(false);
    if (saved && !onCancel) {
      setTitle('');
      setDescription('');
      setCadence('');
    }
  }

  return (
    <form className={styles.taskForm} onSubmit={submit} noValidate aria-label={heading ?? submitLabel}>
      <div className={styles.formGrid}>
        <div className={`${styles.field} ${styles.span2}`}>
          <label htmlFor={`${uid}-title`}>Title</label>
          <input
            id={`${uid}-title`}
            className={styles.input}
            value={title}
            maxLength={LIMITS.taskTitleMax}
            onChange={(e) => setTitle(e.target.value)}
            autoFocus={autoFocus}
            autoComplete="off"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${uid}-category`}>Category</label>
          <select
            id={`${uid}-category`}
            className={styles.input}
            value={category}
            onChange={(e) => setCategory(e.target.value as TaskCategoryId)}
          >
            {TASK_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${uid}-cadence`}>
            Cadence <span className={styles.optional}>(optional)</span>
          </label>
          <input
            id={`${uid}-cadence`}
            className={styles.input}
            value={cadence}
            maxLength={LIMITS.taskCadenceMax}
            placeholder="e.g. Weekly"
            onChange={(e) => setCadence(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className={`${styles.field} ${styles.span2}`}>
          <label htmlFor={`${uid}-description`}>
            Description <span className={styles.optional}>(optional)</span>
          </label>
          <textarea
            id={`${uid}-description`}
            className={`${styles.input} ${styles.textarea}`}
            value={description}
            maxLength={LIMITS.taskTextMax}
            rows={2}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
      </div>
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
