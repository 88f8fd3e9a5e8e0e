import { useRef, type KeyboardEvent, type ReactNode } from 'react';

const STEPS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * A row of tabs that controls one panel (`panelId`), with the keyboard of the ARIA tabs pattern:
 * only the chosen tab is in the tab order; arrows, Home and End choose and focus another. `extra`
 * adds to a tab's label (the dashboard's count of new requests).
 */
export function TabList<T extends string>({ tabs, value, onChange, label, idOf, panelId, className, tabClassName, extra }: {
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  idOf: (id: T) => string;
  panelId: string;
  className: string | undefined;
  tabClassName: string | undefined;
  extra?: (id: T) => ReactNode;
}) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = tabs[step(tabs.findIndex((t) => t.id === value), tabs.length)]!.id;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(el) => {
            refs.current[tab.id] = el;
          }}
          type="button"
          role="tab"
          id={idOf(tab.id)}
          aria-selected={value === tab.id}
          aria-controls={panelId}
          tabIndex={value === tab.id ? 0 : -1}
          className={tabClassName}
          onClick={() => onChange(tab.id)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
          {extra?.(tab.id)}
        </button>
      ))}
    </div>
  );
}
