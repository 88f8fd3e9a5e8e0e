/**
 * Startup configuration from the environment (DESIGN.md §6), run by bootstrap.pb.ts.
 *
 * SMTP_HOST, SMTP_PORT (default 587; 465 means implicit TLS), SMTP_USER, SMTP_PASS and
 * MAIL_FROM ("Name <address>" or an address) are applied to the in-memory settings at
 * bootstrap, so secrets are not written to the database. Without SMTP_HOST (and no SMTP set
 * up in the dashboard) mail jobs are marked skipped and logged, never silently dropped.
 */
import * as S from '../rules';
import { checkRetentionDays } from './retention';

export function bootstrap(e: core.BootstrapEvent): void {
  e.next();
  // RETENTION_DAYS is checked (and a bad value logged) at start-up, not at the first night's run.
  checkRetentionDays();

  const host = $os.getenv('SMTP_HOST');
  if (host) {
    const settings = e.app.settings();
    const port = Number($os.getenv('SMTP_PORT') || '587') || 587;
    settings.smtp.enabled = true;
    settings.smtp.host = host;
    settings.smtp.port = port;
    settings.smtp.username = $os.getenv('SMTP_USER');
    settings.smtp.password = $os.getenv('SMTP_PASS');
    settings.smtp.tls = port === 465;
    const from = $os.getenv('MAIL_FROM');
    if (from) {
      const parsed = S.parseMailFrom(from);
      settings.meta.senderAddress = parsed.address;
      if (parsed.name) settings.meta.senderName = parsed.name;
    }
  }
}
