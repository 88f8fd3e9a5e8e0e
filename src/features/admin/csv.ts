/**
 * The CSV export's file on the tablet (the server writes the file: hooks/lib/reservation-stats.ts,
 * with the quoting and formula safety of src/lib/rules/csv.ts). The server's text starts with a
 * UTF-8 byte-order mark so spreadsheet apps read names with accents correctly.
 */
/** reservations-2026-11-22.csv, or with the filter's dates: reservations-2026-11-01-to-2026-11-30.csv */
export function csvFilename(today: string, filters: { date: string; from: string; to: string }): string {
  if (filters.date) return `reservations-${filters.date}.csv`;
  if (filters.from || filters.to) return `reservations-${filters.from || 'start'}-to-${filters.to || 'end'}.csv`;
  return `reservations-${today}.csv`;
}

/** Hands a file to the browser as a download. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
