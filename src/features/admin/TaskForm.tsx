import { Button } from '../../components/Button';
import { Form, SelectField, SubmitButton, TextField, useBusy, useSchemaForm, type Schemas } from '../../components/form';
import { notify } from '../../components/toast';
import { LIMITS, TASK_CATEGORIES, TOAST_TITLES, type TaskCategoryId } from '../../lib/rules/limits';
import { firstMessage, taskSchema, type TaskInput } from '../../lib/rules/schemas';
import type { TaskEdit } from './api';
import { StaffTextArea } from './StaffTextArea';
import styles from './TaskManagement.module.css';

type Values = { title: string; description: string; cadence: string; category: TaskCategoryId };

/** The form's values as a task edit, or the validation message (title required): the task schema's answer. */
export function taskFromForm(values: Values): { ok: true; task: TaskEdit } | { ok: false; message: string } {
  const parsed = taskSchema.safeParse(values);
  return parsed.success ? { ok: true, task: parsed.data } : { ok: false, message: firstMessage(parsed.error) };
}

const pickSchema = (s: Schemas) => s.taskSchema;

interface Props {
  initial: Values;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (task: TaskEdit) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
  heading?: string;
}

/** New task and edit task, on the form kit: title (required), category, cadence, description. */
export function TaskForm({ initial, submitLabel, busyLabel, onSubmit, onCancel, autoFocus, heading }: Props) {
  const form = useSchemaForm<Values, TaskInput>({ defaultValues: initial, schema: pickSchema });
  const { busy, state, run } = useBusy();

  const onValid = (task: TaskInput) =>
    run(async () => {
      const saved = await onSubmit(task);
      // A new task's form stays open for the next one, in the same category.
      if (saved && !onCancel) form.reset({ ...initial, category: task.category });
    });

  const field = (name: Exclude<keyof Values, 'category'>) => ({ id: form.idOf(name), error: form.errorOf(name), controlClassName: styles.input, autoComplete: 'off', ...form.register(name) });
  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={({ message }) => notify.error(TOAST_TITLES.error, message)}
      canSubmit={!busy}
      className={styles.taskForm}
      noValidate
      aria-label={heading ?? submitLabel}
    >
      <div className={styles.formGrid}>
        <TextField {...field('title')} label="Title" fieldClassName={styles.span2} maxLength={LIMITS.taskTitleMax} autoFocus={autoFocus} />
        <SelectField id={form.idOf('category')} controlClassName={styles.input} label="Category" {...form.register('category')} options={TASK_CATEGORIES} />
        <TextField {...field('cadence')} label="Cadence" optional maxLength={LIMITS.taskCadenceMax} placeholder="e.g. Weekly" />
        <StaffTextArea {...field('description')} label="Description" maxLength={LIMITS.taskTextMax} rows={2} />
      </div>
      <div className={styles.formActions}>
        <SubmitButton state={state} label={submitLabel} busyLabel={busyLabel} />
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
