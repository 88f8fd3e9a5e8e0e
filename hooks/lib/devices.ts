/**
 * The staff tablet a request came from (header X-Staff-Device). Replaced by the staff-accounts
 * branch, which names the tablets; until then every request's device is unknown.
 */
export function deviceNameOf(_e: core.RequestEvent): string {
  return '';
}
