import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/form';
import { notify } from '../../../components/toast';
import { ACTIVITY_GROUPS, activityGroupOf, type ActivityGroup } from '../../../lib/rules/activity';
import { TOAST_TITLES } from '../../../lib/rules/limits';
import { useOnlineStatus } from '../../outbox';
import { downloadBlob } from '../csv';
import { useVenueNight } from '../useVenueNight';
import { activityCsv, activityCsvFilename, NO_ACTIVITY_FILTERS, whenText, whoText, type ActivityFilters, type ActivityRow } from './activityLogic';
import { activityListQuery, allActivity } from './activityQueries';
import tasks from '../TaskManagement.module.css';
import styles from './ActivityView.module.css';

/** The person filter waits for typing to pause before asking the server. */
const TYPING_MS = 300;

/**
 * The owner's Activity view (`?view=activity`, issue 32 item 4): every staff write, newest first,
 * 50 at a time, filtered by person, night and kind, and "Export CSV" of the filtered rows. Read
 * live from the server (owners only: the collection's rule), never kept on the tablet.
 */
export function ActivityView() {
  const uid = useId();
  const online = useOnlineStatus();
  const today = useVenueNight();
  const [filters, setFilters] = useState<ActivityFilters>(NO_ACTIVITY_FILTERS);
  const [person, setPerson] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setFilters((f) => (f.person === person ? f : { ...f, person })), TYPING_MS);
    return () => window.clearTimeout(timer);
  }, [person]);
  const list = useInfiniteQuery({ ...activityListQuery(filters), enabled: online });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const people = [...new Set(rows.map((r) => r.actor_name).filter(Boolean))].sort();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await allActivity(filters);
      // A byte-order mark, as the reservations' CSV: spreadsheet apps read accented names right.
      downloadBlob(activityCsvFilename(today, filters), new Blob(['\ufeff', activityCsv(all)], { type: 'text/csv;charset=utf-8' }));
    } catch (error) {
      console.error('activity: export failed', error);
      notify.error(TOAST_TITLES.error, 'The CSV could not be made. Check the connection and try again.');
    } finally {
      setExporting(false);
    }
  };
  const clear = () => {
    setPerson('');
    setFilters(NO_ACTIVITY_FILTERS);
  };
  const filtered = filters.person || filters.day || filters.group;

  return (
    <section className={tasks.board} aria-labelledby={`${uid}-title`}>
      <div className={tasks.panelHead}>
        <div>
          <h2 id={`${uid}-title`} className={tasks.panelTitle}>Activity</h2>
          <p className={tasks.panelMeta}>Who changed what, on which tablet and when, newest first.</p>
        </div>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={!online || exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <div className={styles.filters} role="group" aria-label="Filters">
        <TextField id={`${uid}-person`} label="Person" controlClassName={tasks.input} value={person} onChange={(e) => setPerson(e.target.value)} placeholder="Name or email" list={`${uid}-people`} autoComplete="off" />
        <datalist id={`${uid}-people`}>
          {people.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <TextField id={`${uid}-day`} label="Night" type="date" controlClassName={tasks.input} value={filters.day} max={today} onChange={(e) => setFilters({ ...filters, day: e.target.value })} />
        <SelectField id={`${uid}-kind`} label="Kind" controlClassName={tasks.input} value={filters.group} onChange={(e) => setFilters({ ...filters, group: e.target.value as ActivityGroup | '' })} blank="All kinds" options={ACTIVITY_GROUPS} />
        {filtered || person ? (
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={online && list.isPending}>
        {!online ? <p className={tasks.muted}>The activity log needs the connection: it is read from the server.</p> : null}
        {online && list.isPending ? <p className={tasks.muted}>Loading activity…</p> : null}
        {online && list.isError ? <p role="alert">The activity could not be loaded. Check the connection.</p> : null}
        {online && list.isSuccess && rows.length === 0 ? <p className={tasks.muted}>{filtered ? 'Nothing matches these filters.' : 'No staff changes yet.'}</p> : null}
        {rows.length ? (
          <ol className={styles.list} data-testid="activity-list">
            {rows.map((row) => (
              <ActivityItem key={row.id} row={row} today={today} />
            ))}
          </ol>
        ) : null}
        {online && list.hasNextPage ? (
          <div className={styles.more}>
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

const GROUP_LABEL: Record<string, string> = Object.fromEntries(ACTIVITY_GROUPS.map((g) => [g.id, g.label]));

function ActivityItem({ row, today }: { row: ActivityRow; today: string }) {
  const group = activityGroupOf(row.kind);
  return (
    <li className={styles.item} data-kind={row.kind}>
      <p className={styles.what}>
        <span className={styles.tag}>{group ? GROUP_LABEL[group] : row.kind}</span>
        <strong>{row.summary}</strong>
      </p>
      <p className={styles.meta}>
        <span className={styles.who}>{whoText(row)}</span> · <span>{whenText(row, today)}</span>
      </p>
    </li>
  );
}
