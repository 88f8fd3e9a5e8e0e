import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import { focusControl } from './focus';

export type Schemas = Awaited<ReturnType<typeof loadSchemas>>;

export interface SchemaFormOptions<V extends FieldValues> {
  defaultValues: V;
  /** Picks the form's schema from src/lib/rules (loaded lazily, so zod stays off the first paint). */
  schema: (schemas: Schemas) => ZodType;
  /** The values as the schema reads them (e.g. a typed party size as a number); memoize it if it reads props. */
  toInput?: (values: V) => unknown;
  /** Where the schemas come from: lazily by default; the kiosk, which must work offline from its first guest, has them in its own chunk. */
  load?: () => Promise<Schemas>;
}

export interface FirstError<V extends FieldValues> {
  field: Path<V> | null;
  message: string;
}

export type SchemaForm<V extends FieldValues, Out> = UseFormReturn<V, unknown, Out> & {
  /** The element id of a field's control (`${uid}-${name}`); its messages hang on it (see Field). */
  idOf: (name: Path<V> | 'website') => string;
  /** A field's current message. */
  errorOf: (name: Path<V>) => string | undefined;
  /** Marks fields with the server's (or any) messages; focuses the first when asked. */
  showErrors: (messages: Partial<Record<string, string>>, options?: { focus?: boolean }) => void;
  /** The first failing field and message, in the schema's order (the toast's message). */
  firstError: (errors: FieldErrors<V>) => FirstError<V>;
};

/**
 * A react-hook-form form validated by one of the zod schemas in src/lib/rules. Validation runs on
 * submit; a field's message goes as soon as the guest changes that field (the forms' behaviour
 * since the start), and the next submit checks everything again.
 */
export function useSchemaForm<V extends FieldValues, Out = V>({ defaultValues, schema, toInput, load = loadSchemas }: SchemaFormOptions<V>): SchemaForm<V, Out> {
  const uid = useId();
  // react-hook-form reads its options on every render, so a new transform (memoize it) takes effect at once.
  const resolver = useMemo(() => lazyZodResolver<V, Out>(load, schema, toInput), [load, schema, toInput]);
  const form = useForm<V, unknown, Out>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { clearErrors, subscribe } = form;

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) clearErrors(name as Path<V>);
        },
      }),
    [subscribe, clearErrors],
  );

  // Built on every render: react-hook-form refreshes `formState` on the same object each render.
  const idOf = (name: Path<V> | 'website') => `${uid}-${String(name).replace(/[^\w-]/g, '_')}`;
  const showErrors: SchemaForm<V, Out>['showErrors'] = (messages, options = {}) => {
    let first: string | null = null;
    for (const [name, message] of Object.entries(messages)) {
      if (!message) continue;
      first ??= name;
      form.setError(name as Path<V>, { type: 'server', message });
    }
    if (first && options.focus) focusControl(idOf(first as Path<V>));
  };
  return {
    ...form,
    idOf,
    errorOf: (name: Path<V>) => messageOf(form.formState.errors, name),
    showErrors,
    firstError: (errors: FieldErrors<V>) => {
      const field = (Object.keys(errors)[0] ?? null) as Path<V> | null;
      return { field, message: field ? (messageOf(errors, field) ?? '') : '' };
    },
  };
}

function messageOf<V extends FieldValues>(errors: FieldErrors<V>, name: Path<V>): string | undefined {
  const error = (errors as Record<string, { message?: unknown } | undefined>)[name];
  return typeof error?.message === 'string' ? error.message : undefined;
}

/** zodResolver on a schema that loads with the first validation (see loadSchemas). */
function lazyZodResolver<V extends FieldValues, Out>(load: () => Promise<Schemas>, pick: (schemas: Schemas) => ZodType, toInput?: (values: V) => unknown): Resolver<V, unknown, Out> {
  return async (values, context, options) => {
    const schema = pick(await load());
    const resolve = zodResolver(schema as never) as unknown as Resolver<V, unknown, Out>;
    return resolve((toInput ? toInput(values) : values) as V, context, options);
  };
}
