import { useMemo, useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { Button } from '../../../components/Button';
import { notify } from '../../../components/toast';
import { fieldMessages } from '../../../lib/api/json';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../../lib/rules/limits';
import { WEEKDAYS, type EventKind, type EventRecordInput } from '../../../lib/rules/staff';
import { venueToday } from '../../../lib/venueTime';
import { useOnlineStatus } from '../../outbox';
import { forgetServerRecord, storeServerRecord, useEvents } from '../sync';
import { BookingsConfirm, type PendingChange } from './BookingsConfirm';
import { EventForm, valuesOf } from './EventForm';
import { EventItem } from './EventItem';
import { eventsApi, movesBookings, type StaffEvent } from './eventsApi';
import tasks from '../TaskManagement.module.css';
import styles from './EventsEditor.module.css';

/** Which form is open: a new entry of a kind, or an existing event's edit. */
type Editing = { kind: EventKind; id: string | null } | null;

/** The server's field messages of a refused write, or null for any other failure. */
function refusedFields(error: unknown): Record<string, string> | null {
  if (!(error instanceof ClientResponseError) || error.status !== 400) return null;
  const out = fieldMessages(error.response ?? {});
  return Object.keys(out).length ? out : null;
}

/**
 * The events and schedule editor (a dashboard view): special events and the weekly schedule, as
 * the public calendar and trivia pages read them (they update live). A change that would leave
 * booked guests behind (delete, hide, a new date, weekday or title) says how many first.
 */
export function EventsEditor() {
  // The list is the tablet's copy (sync/: realtime and catch-up pulls keep it current), so it
  // opens at once and offline; the writes go straight to the server (online only).
  const stored = useEvents();
  const online = useOnlineStatus();
  const events = useMemo(() => stored ?? [], [stored]);
  const state = stored === undefined ? 'loading' : 'ready';
  const [editing, setEditing] = useState<Editing>(null);
  const [pending, setPending] = useState<(PendingChange & { id: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPast, setShowPast] = useState(false);
  const today = venueToday();

  const specials = useMemo(() => events.filter((e) => e.kind === 'special').sort((a, b) => a.date.localeCompare(b.date) || a.sort_order - b.sort_order), [events]);
  const upcoming = specials.filter((e) => e.date >= today);
  const past = specials.filter((e) => e.date < today).reverse();
  const weekly = useMemo(() => events.filter((e) => e.kind === 'weekly'), [events]);

  /** Runs a write; a failure is shown and kept, a success closes what was open. */
  const write = async (work: () => Promise<unknown>, done: string): Promise<true | Record<string, string>> => {
    try {
      const saved = await work();
      if (saved && typeof saved === 'object' && 'id' in saved) await storeServerRecord('events', { ...(saved as StaffEvent) });
      notify.success('Saved', done);
      setEditing(null);
      setPending(null);
      return true;
    } catch (error) {
      const fields = refusedFields(error);
      if (!fields) notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.unexpected);
      return fields ?? {};
    }
  };

  /** Asks first when the change touches booked guests (always for a delete). */
  const guarded = async (event: StaffEvent, change: Omit<PendingChange, 'bookings'>, always: boolean): Promise<boolean> => {
    const bookings = await eventsApi.bookings(event, today);
    if (!always && bookings.reservations === 0) return false;
    setPending({ ...change, bookings, id: event.id });
    return true;
  };

  const save = (before: StaffEvent | null) => async (next: EventRecordInput) => {
    const run = () => write(() => (before ? eventsApi.update(before.id, next) : eventsApi.create(next)), `${next.title} is saved.`);
    if (before && movesBookings(before, next)) {
      try {
        const asked = await guarded(before, { action: `Move ${before.title}`, confirmLabel: 'Save the change', proceed: async () => void (await run()) }, false);
        if (asked) return false;
      } catch {
        notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.unexpected);
        return false;
      }
    }
    return run();
  };

  const act = (event: StaffEvent, kind: 'delete' | 'hide' | 'show') => async () => {
    setBusy(true);
    try {
      if (kind === 'show') await write(() => eventsApi.update(event.id, { active: true }), `${event.title} is on the public pages again.`);
      else if (kind === 'hide') {
        const proceed = async () => void (await write(() => eventsApi.update(event.id, { active: false }), `${event.title} is hidden.`));
        if (!(await guarded(event, { action: `Hide ${event.title}`, confirmLabel: 'Hide it', proceed }, false))) await proceed();
      } else {
        await guarded(event, { action: `Delete ${event.title}`, confirmLabel: 'Delete it', proceed: async () => void (await write(() => eventsApi.remove(event.id).then(() => forgetServerRecord('events', event.id)), `${event.title} is deleted.`)) }, true);
      }
    } catch {
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.unexpected);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    await pending.proceed();
    setBusy(false);
  };

  const item = (event: StaffEvent) => (
    <EventItem key={event.id} event={event} busy={busy} onEdit={() => { setPending(null); setEditing({ kind: event.kind, id: event.id }); }} onToggleActive={act(event, event.active ? 'hide' : 'show')} onDelete={act(event, 'delete')}>
      {editing?.id === event.id || pending?.id === event.id ? (
        <>
          {editing?.id === event.id ? <EventForm initial={valuesOf(event, event.kind)} heading={`Edit ${event.title}`} storedDate={event.kind === 'special' ? event.date : undefined} onSave={save(event)} onCancel={() => { setEditing(null); setPending(null); }} /> : null}
          {pending?.id === event.id ? <BookingsConfirm change={pending} busy={busy} onConfirm={confirm} onCancel={() => setPending(null)} /> : null}
        </>
      ) : undefined}
    </EventItem>
  );

  const addButton = (kind: EventKind, label: string) =>
    editing?.kind === kind && editing.id === null ? (
      <div className={tasks.newTask}>
        <EventForm initial={valuesOf(null, kind)} heading={label} onSave={save(null)} onCancel={() => setEditing(null)} />
      </div>
    ) : (
      <Button onClick={() => setEditing({ kind, id: null })}>{label}</Button>
    );

  if (state !== 'ready') {
    return <p className={tasks.muted} role="status">Loading events…</p>;
  }
  return (
    <div className={tasks.layout}>
      {!online ? (
        <p className={tasks.muted} role="note">
          Offline: this is the tablet&rsquo;s copy of the events. Adding, editing, hiding and deleting events need the connection.
        </p>
      ) : null}
      <section className={tasks.board} aria-labelledby="events-special-title">
        <div className={tasks.panelHead}>
          <h2 id="events-special-title" className={tasks.panelTitle}>Special events</h2>
          {addButton('special', 'Add special event')}
        </div>
        {upcoming.length === 0 ? <p className={tasks.muted}>No special events coming up.</p> : <ul className={styles.list}>{upcoming.map(item)}</ul>}
        {past.length > 0 ? (
          <Button variant="ghost" onClick={() => setShowPast((v) => !v)} aria-expanded={showPast}>
            {showPast ? 'Hide past events' : `Past events (${past.length})`}
          </Button>
        ) : null}
        {showPast ? <ul className={styles.list}>{past.map(item)}</ul> : null}
      </section>
      <section className={tasks.board} aria-labelledby="events-weekly-title">
        <div className={tasks.panelHead}>
          <h2 id="events-weekly-title" className={tasks.panelTitle}>Weekly schedule</h2>
          {addButton('weekly', 'Add weekly entry')}
        </div>
        {WEEKDAYS.map((day) => {
          const entries = weekly.filter((e) => e.weekday === day.value).sort((a, b) => a.sort_order - b.sort_order);
          return entries.length === 0 ? null : (
            <div key={day.value}>
              <h3 className={styles.day}>{day.label}</h3>
              <ul className={styles.list}>{entries.map(item)}</ul>
            </div>
          );
        })}
      </section>
    </div>
  );
}
