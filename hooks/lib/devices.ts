/**
 * Which staff tablet a request comes from (issue 32). Replaced by the staff-accounts branch: every
 * staff request carries `X-Staff-Device: <device id>` and this names the tablet ("Door tablet").
 */
export function deviceNameOf(_e: core.RequestEvent): string {
  return '';
}
