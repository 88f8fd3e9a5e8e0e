import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { DateField, type DateFieldProps } from './DateField';
import { Field, describedBy } from './Field';
import type { SchemaForm } from './useSchemaForm';

type WiredByTheForm = 'id' | 'labelId' | 'value' | 'onChange' | 'invalid' | 'describedBy' | 'ref';

export type FormDateFieldProps<V extends FieldValues, Out> = Omit<DateFieldProps, WiredByTheForm> & {
  form: SchemaForm<V, Out>;
  name: Path<V>;
  label: string;
  optional?: boolean;
  /** Shown under the control for the chosen date (or none), e.g. the seats left that night. */
  after?: (value: string) => ReactNode;
  /** The id of an element that describes the control once a date is chosen. */
  describedByWhenSet?: string;
};

/**
 * A date field of a kit form: the calendar (DateField) in its labelled Field, bound to the form's
 * value, error and ids. Every form's date goes through here, so the label, the error and the
 * screen-reader wiring are the same everywhere; the form passes only what is its own.
 */
export function FormDateField<V extends FieldValues, Out>({ form, name, label, optional, after, describedByWhenSet, ...calendar }: FormDateFieldProps<V, Out>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const id = form.idOf(name);
        const labelId = `${id}-label`;
        const error = form.errorOf(name);
        const value = field.value as string;
        return (
          <Field id={id} label={label} optional={optional} labelAs="span" labelId={labelId} error={error} after={after?.(value)}>
            <DateField
              {...calendar}
              id={id}
              ref={field.ref}
              labelId={labelId}
              value={value}
              onChange={field.onChange}
              invalid={!!error}
              describedBy={describedBy(id, { error, extra: value ? describedByWhenSet : undefined })}
            />
          </Field>
        );
      }}
    />
  );
}
