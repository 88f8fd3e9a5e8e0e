/**
 * The staff tablet's name from its X-Staff-Device header (issue 32). Replaced by the
 * staff-accounts branch; until then every device is unnamed ('').
 */
export function deviceNameOf(_e: core.RequestEvent): string {
  return '';
}
