import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { notify } from '../../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../../lib/rules/limits';
import { FailedJobs } from './FailedJobs';
import { sizeText, whenText } from './format';
import { systemApi, systemQuery, type LatestJob, type Queue, type SystemReport } from './systemApi';
import styles from './System.module.css';

/**
 * The owner's System view (?view=system; issue 32 item 5): is guests' mail going out and why not,
 * Meta conversions, backups, free disk and the version, and the failed jobs to retry or drop.
 * Read live from the server (GET /api/staff/system, owners only); it looks again every 30 s.
 */
export function SystemView() {
  const uid = useId();
  const query = useQuery(systemQuery());
  const report = query.data;
  return (
    <section className={styles.view} aria-labelledby={`${uid}-title`} aria-busy={query.isFetching}>
      <div className={styles.head}>
        <div>
          <h2 id={`${uid}-title`} className={styles.title}>System</h2>
          <p className={styles.meta}>{report ? `Checked ${whenText(report.checkedAt)} · version ${report.version}` : 'Checking…'}</p>
        </div>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      {query.isError && !report ? <p role="alert">The system’s health could not be loaded. Check the connection and try again.</p> : null}
      {report ? <Report report={report} /> : null}
    </section>
  );
}

function Report({ report }: { report: SystemReport }) {
  const { mail, meta, backups, disk, alerts } = report;
  const failing = report.health.failing;
  return (
    <>
      <div className={styles.grid}>
        <Card title="Guests’ mail" state={failing ? 'bad' : mail.failed > 0 ? 'warn' : 'ok'} status={failing ? 'Failing' : mail.failed > 0 ? 'Retrying' : 'Going out'}>
          {failing ? <p className={styles.error}>{report.health.error}</p> : null}
          <QueueFacts queue={mail} errorShown={failing} />
          <TestMail latest={report.testMail} />
        </Card>
        <Card title="Meta conversions" state={meta.failed > 0 || report.metaOff ? 'warn' : 'ok'} status={report.metaOff ? 'Not set up' : meta.failed > 0 ? 'Retrying' : 'Going out'}>
          {report.metaOff ? <p className={styles.note}>{report.metaOff}.</p> : null}
          <QueueFacts queue={meta} />
        </Card>
        <Card title="Backups" state={backups.error ? 'bad' : backups.count === 0 ? 'warn' : 'ok'} status={backups.error ? 'Unreadable' : backups.count === 0 ? 'None yet' : 'Kept'}>
          <dl className={styles.facts}>
            <Fact label="Last backup" value={backups.last ? `${whenText(backups.last)} (${sizeText(backups.lastSize)})` : 'none yet'} />
            <Fact label="Backups kept" value={String(backups.count)} />
            <Fact label="Where" value={backups.where} wide />
          </dl>
          {backups.error ? <p className={styles.error}>{backups.error}</p> : null}
        </Card>
        <Card title="Server" state={disk.total > 0 && disk.free / disk.total < 0.1 ? 'warn' : 'ok'} status={`Version ${report.version}`}>
          <dl className={styles.facts}>
            <Fact label="Free disk" value={disk.total ? `${sizeText(disk.free)} of ${sizeText(disk.total)}` : 'unknown'} />
            <Fact label="Alerts" value={alerts.configured ? 'to the webhook (ALERT_WEBHOOK_URL)' : 'staff screens only (no ALERT_WEBHOOK_URL)'} wide />
            {alerts.last ? <Fact label="Last alert" value={`${whenText(alerts.last.created)}: ${alertState(alerts.last)}`} wide /> : null}
          </dl>
        </Card>
      </div>
      <FailedJobs jobs={report.failed} total={mail.failed + meta.failed} />
    </>
  );
}

function alertState(alert: LatestJob): string {
  const what = alert.template === 'mail_failing' ? 'mail failing' : 'mail going out again';
  if (alert.status === 'sent') return `${what}, posted`;
  if (alert.status === 'failed') return `${what}, not posted: ${alert.lastError}`;
  return what;
}

type State = 'ok' | 'warn' | 'bad';

function Card({ title, state, status, children }: { title: string; state: State; status: string; children: ReactNode }) {
  const uid = useId();
  return (
    <section className={styles.card} data-state={state} aria-labelledby={`${uid}-card`}>
      <h3 id={`${uid}-card`} className={styles.cardTitle}>
        {title} <span className={styles.pill}>{status}</span>
      </h3>
      {children}
    </section>
  );
}

function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? styles.wide : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** errorShown: the card already leads with the error, so it is not repeated under the figures. */
function QueueFacts({ queue, errorShown = false }: { queue: Queue; errorShown?: boolean }) {
  return (
    <dl className={styles.facts}>
      <Fact label="Waiting" value={String(queue.waiting)} />
      <Fact label="Failed, retrying" value={String(queue.failed)} />
      <Fact label="Oldest unsent" value={queue.oldestWaiting ? whenText(queue.oldestWaiting) : 'none'} />
      <Fact label="Last sent" value={whenText(queue.lastSent)} />
      {errorShown ? null : <Fact label="Last error" value={queue.lastError ? `${queue.lastError} (${whenText(queue.lastErrorAt)})` : 'none'} wide />}
    </dl>
  );
}

const TEST_MAIL_STATES: Record<LatestJob['status'], string> = {
  pending: 'on its way…',
  sent: 'sent',
  failed: 'failed',
  skipped: 'not sent',
  dropped: 'dropped',
};

/** "Send a test mail" to the owner's own address, through the outbox; the latest one's outcome. */
function TestMail({ latest }: { latest: LatestJob | null }) {
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { recipient } = await systemApi.testMail();
      notify.success('Test mail queued', `To ${recipient}: its outcome shows here in a moment.`);
      await client.invalidateQueries({ queryKey: systemQuery().queryKey });
    } catch (error) {
      console.error('system: test mail failed', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.unexpected);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.testMail}>
      <Button variant="secondary" onClick={() => void send()} disabled={sending}>
        {sending ? 'Sending…' : 'Send a test mail'}
      </Button>
      <p className={styles.testResult} aria-live="polite" data-testid="test-mail-result">
        {latest
          ? `Test mail to ${latest.recipient} (${whenText(latest.created)}): ${TEST_MAIL_STATES[latest.status]}${latest.lastError ? `: ${latest.lastError}` : ''}`
          : 'No test mail sent yet.'}
      </p>
    </div>
  );
}
