/** The hooks' log, and errors as text with the configured secrets redacted. */
import { env } from './env';

/**
 * An error as text fit to store (outbox.last_error is readable by every admin) and to log: the
 * configured secrets and any access_token parameter are replaced by [redacted].
 */
export function errorText(err: unknown): string {
  if (!err) return 'unknown error';
  // goja hands a thrown Go error over as an object with `value`; a JS error has `message`.
  const e = err as { message?: unknown; value?: unknown };
  const msg = e.message || e.value || err;
  return redactSecrets(String(msg)).slice(0, 1900);
}

const SECRET_ENV = ['META_ACCESS_TOKEN', 'SMTP_PASS'];

export function redactSecrets(text: string): string {
  let out = text.replace(/(access_token["']?\s*[=:]\s*["']?)[^&\s"',}]+/gi, '$1[redacted]');
  SECRET_ENV.forEach((name) => {
    const secret = env(name);
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  });
  return out;
}

export function log(): slog.Logger {
  return $app.logger().with('component', 'venue');
}
