/** A choice of a select: a plain string, or an object with its label and its value under a key (`id` unless `by` says). */
export type Choice<K extends string> = string | ({ readonly label: string } & { readonly [key in K]: string | number });

/**
 * A select's `<option>`s, one a choice, after an optional blank one (`blank`: "All kinds", "Choose
 * a day"…, value ""). Every select of the site and the staff screens lists its choices this way.
 */
export function Options<K extends string = 'id'>({ items, blank, by }: { items: readonly Choice<K>[]; blank?: string; by?: K }) {
  const key = (by ?? 'id') as K;
  return (
    <>
      {blank === undefined ? null : <option value="">{blank}</option>}
      {items.map((item) => {
        const [value, label] = typeof item === 'string' ? [item, item] : [String(item[key]), item.label];
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}
