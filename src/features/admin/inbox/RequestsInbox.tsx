import { useId } from 'react';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/form';
import { notify } from '../../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../../lib/rules/limits';
import { INBOX_KINDS, INBOX_STATUSES, type InboxCollection, type InboxStatus } from '../../../lib/rules/staff';
import { inboxApi, toItem, type InboxItem } from './inboxApi';
import { RequestCard } from './RequestCard';
import { useInbox } from './useInbox';
import tasks from '../TaskManagement.module.css';
import styles from '../events/EventsEditor.module.css';
import own from './RequestsInbox.module.css';

/**
 * The requests inbox (a dashboard view): private-event inquiries, influencer applications and
 * monthly pass confirmations, newest first, filtered by kind and status; new ones arrive live;
 * "Load more" brings older ones.
 * Staff set each one's status (new → replied → booked / declined), keep a note, and reply by email.
 */
export function RequestsInbox() {
  const uid = useId();
  const { items, more, loadMore, loadingMore, state, setItems, filters, setFilters } = useInbox();

  const save = async (item: InboxItem, patch: { status?: InboxStatus; note?: string }): Promise<boolean> => {
    try {
      const saved = toItem(await inboxApi.update(item, patch));
      if (saved) setItems((list) => list.map((i) => (i.id === saved.id ? saved : i)).filter((i) => !filters.status || i.status === filters.status));
      notify.success('Saved', patch.status ? `${item.name}: ${INBOX_STATUSES.find((s) => s.id === patch.status)?.label}` : `Note on ${item.name}'s request saved.`);
      return true;
    } catch (error) {
      console.error('inbox: update failed', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.unexpected);
      return false;
    }
  };

  return (
    <section className={tasks.board} aria-labelledby={`${uid}-title`}>
      <div className={tasks.panelHead}>
        <div>
          <h2 id={`${uid}-title`} className={tasks.panelTitle}>Requests</h2>
          <p className={tasks.panelMeta}>Inquiries, influencer applications and monthly passes, newest first.</p>
        </div>
      </div>
      <div className={styles.filters} role="group" aria-label="Filters">
        <SelectField id={`${uid}-kind`} label="Kind" controlClassName={tasks.input} value={filters.kind} onChange={(e) => setFilters({ ...filters, kind: e.target.value as InboxCollection | '' })} blank="All kinds" options={INBOX_KINDS} by="collection" />
        <SelectField id={`${uid}-status`} label="Status" controlClassName={tasks.input} value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as InboxStatus | '' })} blank="All statuses" options={INBOX_STATUSES} />
      </div>
      <div aria-live="polite">
        {state === 'loading' ? <p className={tasks.muted}>Loading requests…</p> : null}
        {state === 'error' ? <p role="alert">The requests could not be loaded. Check the connection.</p> : null}
        {state === 'ready' && items.length === 0 ? <p className={tasks.muted}>No requests here.</p> : null}
        <ul className={styles.list}>
          {items.map((item) => (
            <RequestCard key={`${item.collection}:${item.id}`} item={item} onSave={save} />
          ))}
        </ul>
        {state === 'ready' && more ? (
          <div className={own.more}>
            <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
