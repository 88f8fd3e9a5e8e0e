import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, SUCCESS_MESSAGES, TASK_CATEGORIES, TOAST_TITLES, type TaskCategoryId, type TaskStatus } from '../../lib/rules/limits';
import { nullIfBlank } from '../../lib/rules/validate';
import { tasksApi, type TaskEdit } from './api';
import { ListStatus } from './ListStatus';
import { staffAction } from './staffAction';
import { applyChange, useRealtime } from './live';
import { PrioritiesPanel } from './PrioritiesPanel';
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

function TasksBoard() {
  const uid = useId();
  const [tasks, setTasks] = useState<Task[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [formOpen, setFormOpen] = useState(false);
  const [formCategory, setFormCategory] = useState<TaskCategoryId>(TASK_CATEGORIES[0].id);
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async (quiet = false): Promise<Task[] | null> => {
    try {
      const rows = await tasksApi.list();
      setTasks(rows);
      setState('ready');
      return rows;
    } catch (error) {
      console.error(FAILURE_MESSAGES.fetchTasks, error);
      if (!quiet) {
        notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.fetchTasks);
        setState((s) => (s === 'ready' ? s : 'error'));
      }
      return null;
    }
  }, []);

  // The first load (and the starter tasks) waits for the realtime subscription, so no change made
  // meanwhile is missed; after a reconnect the list is reloaded quietly.
  const loadedOnce = useRef(false);
  const sync = useCallback(async () => {
    const first = !loadedOnce.current;
    loadedOnce.current = true;
    const rows = await load(!first);
    if (!first || !rows) return;
    try {
      const created = await ensureStarterTasks(rows, tasksApi.create);
      if (created) await load(true);
    } catch (error) {
      console.error('Starter tasks could not be created', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.createTask);
    }
  }, [load]);

  useRealtime<Task>(
    'tasks',
    (action, record) => setTasks((current) => applyChange(current, action, record)),
    () => void sync(),
  );

  const groups = useMemo(() => groupTasks(tasks), [tasks]);
  const empty = groups.filter((group) => group.tasks.length === 0);
  const complete = tasks.filter((t) => statusOf(t) === 'complete').length;

  function openForm(category?: TaskCategoryId) {
    if (category) setFormCategory(category);
    setFormKey((k) => k + 1);
    setFormOpen(true);
    window.requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  }

  const create = (edit: TaskEdit): Promise<boolean> =>
    staffAction(
      async () => {
        const created = await tasksApi.create({
          ...edit,
          order_index: nextOrderIndex(tasks, edit.category),
          is_completed: false,
          status: 'unchecked',
          notes: null,
        });
        setTasks((current) => applyChange(current, 'create', created));
        setFormCategory(edit.category);
      },
      { failure: FAILURE_MESSAGES.createTask, success: SUCCESS_MESSAGES.taskCreated },
    );

  function replace(id: string, patch: Partial<Task>) {
    setTasks((current) => current.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  }

  async function setStatus(task: Task, status: TaskStatus) {
    if (statusOf(task) === status) return;
    replace(task.id, { status });
    await staffAction(() => tasksApi.update(task.id, { status }), { failure: FAILURE_MESSAGES.updateTask, undo: () => replace(task.id, { status: task.status }) });
  }

  /** Saves a change to a task and shows the saved record. */
  const update = (task: Task, patch: Parameters<typeof tasksApi.update>[1], failure: string): Promise<boolean> =>
    staffAction(
      async () => {
        const updated = await tasksApi.update(task.id, patch);
        setTasks((current) => applyChange(current, 'update', updated));
      },
      { failure, success: SUCCESS_MESSAGES.taskUpdated },
    );

  function edit(task: Task, changes: TaskEdit): Promise<boolean> {
    const patch: Partial<TaskEdit> & { order_index?: number } = { ...changes };
    if (changes.category !== task.category) patch.order_index = nextOrderIndex(tasks, changes.category);
    return update(task, patch, FAILURE_MESSAGES.editTask);
  }

  const saveNotes = (task: Task, notes: string) => update(task, { notes: nullIfBlank(notes) }, FAILURE_MESSAGES.updateTask);

  async function remove(task: Task) {
    setTasks((current) => current.filter((t) => t.id !== task.id));
    await staffAction(() => tasksApi.remove(task.id), { failure: DELETE_FAILED, success: SUCCESS_MESSAGES.taskDeleted, undo: () => setTasks((current) => applyChange(current, 'create', task)) });
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

      <ListStatus state={state} empty={tasks.length === 0} failure={FAILURE_MESSAGES.fetchTasks} onRetry={() => void load()} emptyText="No tasks yet." />

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
