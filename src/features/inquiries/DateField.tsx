import { Suspense, useEffect, useId, useRef, useState } from 'react';
import calendarStyles from '../../components/calendar.module.css';
import { lazyWhenOnline } from '../../components/lazyWhenOnline';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { formatLongDate, isIsoDate } from '../../lib/venueTime';
import { describedBy } from './fields';
import styles from './forms.module.css';

// The month view loads when the guest first reaches for the field, not with the page.
const Calendar = lazyWhenOnline(loadDateCalendar);

interface Props {
  id: string;
  labelId: string;
  value: string;
  onChange: (iso: string) => void;
  /** The venue's today (yyyy-MM-dd); earlier days cannot be chosen. Null until mounted. */
  todayIso: string | null;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
}

/**
 * An optional date: a button that opens a month calendar (keyboard: arrows, Page Up/Down,
 * Home/End, Enter; Escape closes and returns focus), plus a Clear button once a date is set.
 * Days before the venue's today are disabled.
 */
export function DateField({ id, labelId, value, onChange, todayIso, error, hint, disabled }: Props) {
  const [openState, setOpen] = useState(false);
  const open = openState && !disabled;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const selected = value && isIsoDate(value) ? value : undefined;

  return (
    <div className={styles.dateRoot} ref={rootRef}>
      <div className={styles.dateRow}>
        <button
          ref={triggerRef}
          id={id}
          type="button"
          className={`${styles.input} ${styles.dateTrigger}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          aria-labelledby={`${labelId} ${id}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error, hint })}
          data-empty={!value || undefined}
          disabled={disabled || !todayIso}
          onPointerEnter={() => void loadDateCalendar()}
          onFocus={() => void loadDateCalendar()}
          onClick={() => setOpen((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.dateIcon}>
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm12 8H5v9h14v-9Z"
            />
          </svg>
          <span>{selected ? formatLongDate(value) : 'Pick a date'}</span>
        </button>
        {value ? (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              onChange('');
              triggerRef.current?.focus();
            }}
            disabled={disabled}
          >
            Clear<span className="visually-hidden"> preferred date</span>
          </button>
        ) : null}
      </div>
      {open && todayIso ? (
        <div
          id={dialogId}
          role="dialog"
          aria-label="Choose a preferred date"
          className={calendarStyles.popover}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <Suspense fallback={<p className={styles.loading}>Loading the calendar…</p>}>
            <Calendar
              todayIso={todayIso}
              value={value}
              onSelect={(iso) => {
                onChange(iso);
                close();
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
