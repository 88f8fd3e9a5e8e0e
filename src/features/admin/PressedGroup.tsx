import type { ReactNode } from 'react';

/**
 * A row of toggle buttons of which one is pressed: a reservation's status, a task's marker. Each
 * button carries its value in `data-value` for the stylesheet; `children` draws a value's face.
 */
export function PressedGroup<T extends string>({ label, values, value, onPick, className, buttonClassName, disabled, title, children }: {
  label: string;
  values: readonly T[];
  value: T;
  onPick: (value: T) => void;
  className: string | undefined;
  buttonClassName: string | undefined;
  disabled?: boolean;
  title?: (value: T) => string;
  children: (value: T) => ReactNode;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {values.map((v) => (
        <button key={v} type="button" className={buttonClassName} data-value={v} aria-pressed={value === v} title={title?.(v)} disabled={disabled} onClick={() => onPick(v)}>
          {children(v)}
        </button>
      ))}
    </div>
  );
}
