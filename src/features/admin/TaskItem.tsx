import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { LIMITS, TASK_STATUSES, type TaskStatus } from '../../lib/rules/limits';
import type { TaskEdit } from './api';
import { PressedGroup } from './PressedGroup';
import { TaskForm } from './TaskForm';
import type { Task } from './types';
import { useTapTwice } from './useTapTwice';
import styles from './TaskManagement.module.css';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  unchecked: 'Not started',
  waiting: 'Waiting',
  complete: 'Complete',
};

/** Rows saved without a status count as unchecked (the default for new tasks). */
export function statusOf(task: Pick<Task, 'status'>): TaskStatus {
  return task.status || 'unchecked';
}

function StatusMark({ status }: { status: TaskStatus }) {
  // 24 px line icons: an empty circle, a clock, a tick.
  const common = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  if (status === 'complete') {
    return (
      <svg {...common} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    );
  }
  if (status === 'waiting') {
    return (
      <svg {...common} fill="none" stroke="currentColor" strokeWidth={2.4} strokeLinecap="round">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M12 7.5V12l3 2" />
      </svg>
    );
  }
  return (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth={2.4}>
      <circle cx="12" cy="12" r="8.5" />
    </svg>
  );
}

interface Props {
  task: Task;
  onStatus: (task: Task, status: TaskStatus) => void;
  onEdit: (task: Task, edit: TaskEdit) => Promise<boolean>;
  onNotes: (task: Task, notes: string) => Promise<boolean>;
  onDelete: (task: Task) => void;
}

/** One task: three status markers that save at once, then title, cadence, description, notes, edit and delete. */
export function TaskItem({ task, onStatus, onEdit, onNotes, onDelete }: Props) {
  const uid = useId();
  const status = statusOf(task);
  const [editing, setEditing] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const [notes, setNotes] = useState(task.notes);
  const [savingNotes, setSavingNotes] = useState(false);
  const [confirmDelete, askDelete] = useTapTwice(() => onDelete(task));

  async function saveNotes() {
    setSavingNotes(true);
    const ok = await onNotes(task, notes);
    setSavingNotes(false);
    if (ok) setNotesOpen(false);
  }

  if (editing) {
    return (
      <li className={`${styles.task} ${styles.taskEditing}`}>
        <TaskForm
          heading={`Edit task: ${task.title}`}
          initial={{ title: task.title, description: task.description, cadence: task.cadence, category: task.category }}
          submitLabel="Save task"
          busyLabel="Saving..."
          autoFocus
          onSubmit={async (edit) => {
            const ok = await onEdit(task, edit);
            if (ok) setEditing(false);
            return ok;
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li className={styles.task} data-status={status} aria-labelledby={`${uid}-title`}>
      <PressedGroup label={`Status of ${task.title}`} values={TASK_STATUSES} value={status} onPick={(s) => onStatus(task, s)} className={styles.markers} buttonClassName={styles.marker} title={(s) => STATUS_LABELS[s]}>
        {(s) => (
          <>
            <StatusMark status={s} />
            <span className="visually-hidden">{STATUS_LABELS[s]}</span>
          </>
        )}
      </PressedGroup>
      <div className={styles.taskBody}>
        <p id={`${uid}-title`} className={styles.taskTitle}>
          {task.title}
          {task.cadence ? <span className={styles.cadence}>{task.cadence}</span> : null}
        </p>
        {task.description ? <p className={styles.taskDescription}>{task.description}</p> : null}
        {'waiting' in task && task.waiting ? <p className={styles.waiting}>Waiting to send</p> : null}
        {!notesOpen && task.notes ? (
          <p className={styles.taskNotes}>
            <span className={styles.notesLabel}>Notes:</span> {task.notes}
          </p>
        ) : null}
        {notesOpen ? (
          <div className={styles.notesEditor}>
            <label htmlFor={`${uid}-notes`}>Notes</label>
            <textarea
              id={`${uid}-notes`}
              className={`${styles.input} ${styles.textarea}`}
              rows={3}
              maxLength={LIMITS.taskTextMax}
              value={notes}
              autoFocus
              onChange={(e) => setNotes(e.target.value)}
            />
            <div className={styles.formActions}>
              <Button onClick={() => void saveNotes()} disabled={savingNotes}>
                {savingNotes ? 'Saving...' : 'Save notes'}
              </Button>
              <Button
                variant="ghost"
                onClick={() => setNotesOpen(false)}
                disabled={savingNotes}
              >
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
        <div className={styles.taskActions}>
          {!notesOpen ? (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => {
                // Start from the saved notes (they may have changed on another device).
                setNotes(task.notes);
                setNotesOpen(true);
              }}
            >
              {task.notes ? 'Edit notes' : 'Add notes'}
              <span className="visually-hidden"> for {task.title}</span>
            </button>
          ) : null}
          <button type="button" className={styles.textButton} onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> {task.title}</span>
          </button>
          <button type="button" className={`${styles.textButton} ${styles.danger}`} onClick={askDelete}>
            {confirmDelete ? 'Tap again to delete' : 'Delete'}
            <span className="visually-hidden"> {task.title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
