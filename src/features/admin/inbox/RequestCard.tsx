import { useId, useState } from 'react';
import { ButtonLink } from '../../../components/Button';
import { Form, Options, SubmitButton, TextAreaField, useBusy, useSchemaForm, type Schemas } from '../../../components/form';
import { notify } from '../../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../../lib/rules/limits';
import { INBOX_KINDS, INBOX_LIMITS, INBOX_STATUSES, type InboxStatus } from '../../../lib/rules/staff';
import { formatCreated } from '../format';
import { mailtoOf, type InboxItem } from './inboxApi';
import tasks from '../TaskManagement.module.css';
import styles from '../events/EventsEditor.module.css';

const pickSchema = (s: Schemas) => s.inboxNoteSchema;
type NoteValues = { note: string };

interface Props {
  item: InboxItem;
  onSave: (item: InboxItem, patch: { status?: InboxStatus; note?: string }) => Promise<boolean>;
}

/** One request: who, what, when; its status (saved on change), the staff note and the reply link. */
export function RequestCard({ item, onSave }: Props) {
  const uid = useId();
  const [savingStatus, setSavingStatus] = useState(false);
  const form = useSchemaForm<NoteValues, NoteValues>({ defaultValues: { note: item.note }, schema: pickSchema });
  const { state, busy, run } = useBusy();
  const kind = INBOX_KINDS.find((k) => k.collection === item.collection)?.label ?? '';

  const setStatus = async (status: InboxStatus) => {
    setSavingStatus(true);
    await onSave(item, { status });
    setSavingStatus(false);
  };
  const saveNote = ({ note }: NoteValues) =>
    run(async () => {
      if (await onSave(item, { note })) form.reset({ note });
    });

  return (
    <li className={styles.item} data-testid="request" data-status={item.status}>
      <div>
        <p className={styles.itemTitle}>
          {item.name}
          <span className={styles.tag}>{kind}</span>
        </p>
        <p className={styles.itemMeta}>
          {item.email} · received {formatCreated(item.created)}
        </p>
        {item.details.map((line, i) => (
          <p key={i} className={tasks.taskDescription}>
            {line}
          </p>
        ))}
        <div className={styles.requestControls}>
          <label htmlFor={`${uid}-status`} className={styles.controlLabel}>
            Status
          </label>
          <select id={`${uid}-status`} className={tasks.input} value={item.status} disabled={savingStatus} onChange={(e) => void setStatus(e.target.value as InboxStatus)}>
            <Options items={INBOX_STATUSES} />
          </select>
          <ButtonLink href={mailtoOf(item)} variant="secondary">
            Reply by email
          </ButtonLink>
        </div>
        <Form form={form} onValid={saveNote} onInvalid={({ message }) => notify.error(TOAST_TITLES.error, message || FAILURE_MESSAGES.unexpected)} canSubmit={!busy} className={tasks.notesEditor} noValidate aria-label={`Staff note on ${item.name}'s request`}>
          <TextAreaField id={form.idOf('note')} error={form.errorOf('note')} label="Staff note" optional controlClassName={`${tasks.input} ${tasks.textarea}`} maxLength={INBOX_LIMITS.noteMax} rows={2} {...form.register('note')} />
          <div className={tasks.formActions}>
            <SubmitButton state={state} label="Save note" busyLabel="Saving..." />
          </div>
        </Form>
      </div>
    </li>
  );
}
