import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, SUCCESS_MESSAGES, TASK_CATEGORIES, TOAST_TITLES, type TaskCategoryId, type TaskStatus } from '../../lib/rules/limits';
import { nullIfBlank } from '../../lib/rules/fieldChecks';
import { newRecordId } from '../../lib/recordId';
import { useOnlineStatus } from '../outbox';
import { tasksApi, type TaskEdit } from './api';
import { ListStatus } from './ListStatus';
import { staffAction } from './staffAction';
import { PrioritiesPanel } from './PrioritiesPanel';
import { recordChange, useCopyFilled, useTasks, type NewChange } from './sync';
import { ensureStarterTasks } from './starterTasks';
import { TaskForm } from './TaskForm';
import { statusOf, TaskItem } from './TaskItem';
import type { Task } from './types';
import styles from './TaskManagement.module.css';

const DELETE_FAILED = 'Failed to delete task';

function byOrder(a: Task, b: Task): number {
  return a.order_index - b.order_index || a.created.localeCompare(b.created);
}

/** Tasks per category in the spec's category order, each ordered by order_index. */
export function groupTasks(tasks: readonly Task[]): { id: TaskCategoryId; label: string; tasks: Task[] }[] {
  return TASK_CATEGORIES.map((c) => ({ id: c.id, label: c.label, tasks: tasks.filter((t) => t.category === c.id).sort(byOrder) }));
}

/** The next order_index in a category: after its last task. */
export function nextOrderIndex(tasks: readonly Task[], category: TaskCategoryId): number {
  let max = -1;
  for (const t of tasks) if (t.category === category && t.order_index > max) max = t.order_index;
  return max + 1;
}

/** The task management view: today's priorities beside the operations task list. */
export function TaskManagement() {
  return (
    <div className={styles.layout}>
      <PrioritiesPanel />
      <TasksBoard />
    </div>
  );
}

/** Stores a task change on the tablet (shown at once, sent with the queue), with the usual toasts. */
function queue(change: Omit<NewChange, 'collection'>, failure: string, success?: string): Promise<boolean> {
  return staffAction(() => recordChange({ ...change, collection: 'tasks' }), { failure, success });
}

/** The fields of `task` that `patch` changes, as the tablet saw them (the change's base). */
function baseOf(task: Task, patch: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(patch).map((k) => [k, (task as unknown as Record<string, unknown>)[k]]));
}

/**
 * Creates the starter tasks once the tablet's copy is filled and online (fixed ids, so two
 * tablets cannot both create them; see starterTasks.ts). They arrive in the copy by realtime.
 */
function useStarterTasks(tasks: readonly Task[] | undefined): void {
  const filled = useCopyFilled();
  const online = useOnlineStatus();
  useEffect(() => {
    if (!filled || !online || !tasks) return;
    ensureStarterTasks(tasks, tasksApi.create).catch((error: unknown) => {
      console.error('Starter tasks could not be created', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.createTask);
    });
  }, [filled, online, tasks]);
}

/**
 * The operations task list, read from the tablet's copy (sync/): it opens at once and works
 * offline; every change is stored on the tablet, shown at once and sent with the queue.
 */
function TasksBoard() {
  const uid = useId();
  const stored = useTasks();
  const filled = useCopyFilled();
  const tasks = useMemo(() => stored ?? [], [stored]);
  const state: 'loading' | 'ready' = stored === undefined || (tasks.length === 0 && filled === false) ? 'loading' : 'ready';
  const [formOpen, setFormOpen] = useState(false);
  const [formCategory, setFormCategory] = useState<TaskCategoryId>(TASK_CATEGORIES[0].id);
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  useStarterTasks(filled ? stored : undefined);

  const groups = useMemo(() => groupTasks(tasks), [tasks]);
  const empty = groups.filter((group) => group.tasks.length === 0);
  const complete = tasks.filter((t) => statusOf(t) === 'complete').length;

  function openForm(category?: TaskCategoryId) {
    if (category) setFormCategory(category);
    setFormKey((k) => k + 1);
    setFormOpen(true);
    window.requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  }

  async function create(edit: TaskEdit): Promise<boolean> {
    const fields = { ...edit, order_index: nextOrderIndex(tasks, edit.category), is_completed: false, status: 'unchecked', notes: null };
    const done = await queue({ op: 'create', record_id: newRecordId(), fields, label: `New task: ${edit.title}`, preview: { created: new Date().toISOString().replace('T', ' ') } }, FAILURE_MESSAGES.createTask, SUCCESS_MESSAGES.taskCreated);
    if (done) setFormCategory(edit.category);
    return done;
  }

  /** Saves a change to a task (only the fields it changes, with the values staff saw). */
  const update = (task: Task, patch: Record<string, unknown>, failure: string, success?: string): Promise<boolean> =>
    queue({ op: 'update', record_id: task.id, fields: patch, base: baseOf(task, patch), label: `Task: ${task.title}` }, failure, success);

  async function setStatus(task: Task, status: TaskStatus) {
    if (statusOf(task) === status) return;
    await update(task, { status }, FAILURE_MESSAGES.updateTask);
  }

  function edit(task: Task, changes: TaskEdit): Promise<boolean> {
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes)) if ((task as unknown as Record<string, unknown>)[key] !== (value ?? '')) patch[key] = value;
    if (changes.category !== task.category) patch.order_index = nextOrderIndex(tasks, changes.category);
    if (Object.keys(patch).length === 0) return Promise.resolve(true);
    return update(task, patch, FAILURE_MESSAGES.editTask, SUCCESS_MESSAGES.taskUpdated);
  }

  const saveNotes = (task: Task, notes: string) => update(task, { notes: nullIfBlank(notes) }, FAILURE_MESSAGES.updateTask, SUCCESS_MESSAGES.taskUpdated);

  async function remove(task: Task) {
    await queue({ op: 'delete', record_id: task.id, label: `Delete task: ${task.title}` }, DELETE_FAILED, SUCCESS_MESSAGES.taskDeleted);
  }

  return (
    <section className={styles.board} aria-labelledby={`${uid}-title`} aria-busy={state === 'loading'}>
      <div className={styles.panelHead}>
        <div>
          <h2 id={`${uid}-title`} className={styles.panelTitle}>
            Operations tasks
          </h2>
          <p className={styles.panelMeta}>
            {state === 'ready' ? `${complete} of ${tasks.length} complete` : 'Loading tasks…'}
          </p>
        </div>
        {!formOpen ? <Button onClick={() => openForm()}>New task</Button> : null}
      </div>

      {formOpen ? (
        <div ref={formRef} className={styles.newTask}>
          <h3 className={styles.newTaskTitle}>New task</h3>
          <TaskForm
            key={formKey}
            heading="New task"
            initial={{ title: '', description: '', cadence: '', category: formCategory }}
            submitLabel="Add task"
            busyLabel="Adding..."
            autoFocus
            onSubmit={create}
          />
          <Button variant="ghost" className={styles.closeForm} onClick={() => setFormOpen(false)}>
            Close
          </Button>
        </div>
      ) : null}

      <ListStatus state={state} empty={tasks.length === 0} failure={FAILURE_MESSAGES.fetchTasks} onRetry={() => undefined} emptyText="No tasks yet." />

      {state === 'ready'
        ? groups
            .filter((group) => group.tasks.length > 0)
            .map((group) => {
              const done = group.tasks.filter((t) => statusOf(t) === 'complete').length;
              const headingId = `${uid}-${group.id}`;
              return (
                <section key={group.id} className={styles.category} aria-labelledby={headingId} data-category={group.id}>
                  <div className={styles.categoryHead}>
                    <h3 id={headingId} className={styles.categoryTitle}>
                      {group.label}
                    </h3>
                    <span className={styles.categoryCount}>
                      <span aria-hidden="true">
                        {done}/{group.tasks.length}
                      </span>
                      <span className="visually-hidden">
                        {done} of {group.tasks.length} complete
                      </span>
                    </span>
                    <button type="button" className={styles.textButton} onClick={() => openForm(group.id)}>
                      <span aria-hidden="true">+ </span>Add<span className="visually-hidden"> a task to {group.label}</span>
                    </button>
                  </div>
                  <ul className={styles.taskList}>
                    {group.tasks.map((task) => (
                      <TaskItem
                        key={task.id}
                        task={task}
                        onStatus={(t, s) => void setStatus(t, s)}
                        onEdit={edit}
                        onNotes={saveNotes}
                        onDelete={(t) => void remove(t)}
                      />
                    ))}
                  </ul>
                </section>
              );
            })
        : null}

      {state === 'ready' && empty.length > 0 ? (
        <section className={styles.category} aria-labelledby={`${uid}-empty`}>
          <h3 id={`${uid}-empty`} className={styles.emptyTitle}>
            No tasks yet in
          </h3>
          <ul className={styles.chips}>
            {empty.map((group) => (
              <li key={group.id}>
                <button type="button" className={styles.chip} onClick={() => openForm(group.id)}>
                  <span aria-hidden="true">+ </span>
                  <span className="visually-hidden">Add a task to </span>
                  {group.label}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
