/** The server's environment: a variable with its fallback, and the site's own address. */

export function env(name: string, fallback?: string): string {
  const v = $os.getenv(name);
  return v ? v : fallback === undefined ? '' : fallback;
}

export function siteUrl(): string {
  return env('SITE_URL', 'http://127.0.0.1:8090').replace(/\/+$/, '');
}
