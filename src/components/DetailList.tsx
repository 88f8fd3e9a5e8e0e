import type { ReactNode } from 'react';

/** One row: the term, its value, and optionally a `data-field` name on the value (tests and styles find it by it). */
export type DetailRow = readonly [term: string, value: ReactNode, field?: string];

/** Terms and their values as a description list (a reservation's details, a receipt's lines); the caller styles it. */
export function DetailList({ rows, className, testId }: { rows: ReadonlyArray<DetailRow>; className?: string; testId?: string }) {
  return (
    <dl className={className} data-testid={testId}>
      {rows.map(([term, value, field]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd data-field={field}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
