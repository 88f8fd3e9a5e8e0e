import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { notify } from '../../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../../lib/rules/limits';
import { outboxTemplateLabel } from '../../../lib/rules/system';
import { ClientResponseError } from 'pocketbase';
import { useTapTwice } from '../useTapTwice';
import { whenText } from './format';
import { systemApi, type FailedJob } from './systemApi';
import styles from './System.module.css';

/**
 * The latest jobs whose last attempt failed, each with the guest it was for: retry (due now,
 * attempts reset) or drop (kept, never sent). Each is logged in the activity log by the server.
 */
export function FailedJobs({ jobs, total }: { jobs: FailedJob[]; total: number }) {
  const uid = useId();
  return (
    <section className={styles.failed} aria-labelledby={`${uid}-failed`}>
      <h3 id={`${uid}-failed`} className={styles.cardTitle}>
        Failed jobs <span className={styles.pill}>{total}</span>
      </h3>
      {jobs.length === 0 ? (
        <p className={styles.meta}>Nothing failed: every mail and conversion went out or is waiting its turn.</p>
      ) : (
        <>
          {total > jobs.length ? <p className={styles.meta}>The latest {jobs.length} of {total}.</p> : null}
          <ul className={styles.jobs}>
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function JobRow({ job }: { job: FailedJob }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const who = job.guest || job.recipient || 'no recipient';
  const act = async (action: 'retry' | 'drop') => {
    setBusy(true);
    try {
      const { summary } = await systemApi[action](job.id);
      notify.success(action === 'retry' ? 'Retrying' : 'Dropped', summary);
      await client.invalidateQueries({ queryKey: ['staff'], predicate: (q) => q.queryKey[1] === 'system' || q.queryKey[1] === 'mail-health' });
    } catch (error) {
      console.error(`system: ${action} failed`, error);
      const message = error instanceof ClientResponseError && error.status >= 400 && error.status < 500 ? error.message : FAILURE_MESSAGES.unexpected;
      notify.error(TOAST_TITLES.error, message);
    } finally {
      setBusy(false);
    }
  };
  // Dropping gives up on a guest's mail: a second tap, as deleting a task asks.
  const [dropArmed, tapDrop] = useTapTwice(() => void act('drop'));
  return (
    <li className={styles.job} data-testid="failed-job">
      <div className={styles.jobText}>
        <p className={styles.jobWho}>
          <strong>{who}</strong> · {outboxTemplateLabel(job.template)}
        </p>
        <p className={styles.meta}>
          {job.recipient && job.guest ? `${job.recipient} · ` : ''}
          {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'}, last {whenText(job.lastAttempt)}
        </p>
        <p className={styles.error}>{job.lastError}</p>
      </div>
      <div className={styles.jobActions}>
        <Button variant="secondary" onClick={() => void act('retry')} disabled={busy} aria-label={`Retry the ${outboxTemplateLabel(job.template).toLowerCase()} to ${who}`}>
          Retry
        </Button>
        <Button variant={dropArmed ? 'danger' : 'ghost'} onClick={tapDrop} disabled={busy} aria-label={`${dropArmed ? 'Tap again to drop' : 'Drop'} the ${outboxTemplateLabel(job.template).toLowerCase()} to ${who}`}>
          {dropArmed ? 'Tap again to drop' : 'Drop'}
        </Button>
      </div>
    </li>
  );
}
