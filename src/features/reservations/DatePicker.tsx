import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import calendarStyles from '../../components/calendar.module.css';
import { lazyWhenOnline } from '../../components/lazyWhenOnline';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { lastBookableDate } from '../../lib/rules/validate';
import { formatLongDate } from '../../lib/venueTime';
import { Icon } from './Icons';
import styles from './DatePicker.module.css';

// The month view (react-day-picker) loads when the guest first reaches for the field, not with the page.
const Calendar = lazyWhenOnline(loadDateCalendar);

interface Props {
  /** id of the trigger button (labels and error messages point at it). */
  id: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  /** The venue's today (yyyy-MM-dd): earlier days are disabled. */
  todayIso: string;
  /** More days to disable (e.g. other weekdays, full nights). */
  isDateDisabled?: (iso: string) => boolean;
  /** Days to mark as fully booked (they should also be disabled). */
  fullDates?: string[];
  /** The month to open on when nothing is chosen yet. */
  defaultMonthIso?: string;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  legend?: ReactNode;
}

/**
 * A date field: a button showing the chosen date that opens a month calendar. The calendar is
 * fully keyboard-usable (arrow keys, Page Up/Down for months, Home/End, Enter), Escape closes it
 * and focus returns to the button.
 */
export function DatePicker({
  id,
  label,
  value,
  onChange,
  todayIso,
  isDateDisabled,
  fullDates = [],
  defaultMonthIso,
  invalid,
  describedBy,
  placeholder = 'Pick a date',
  legend,
}: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const dialogId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        aria-labelledby={`${labelId} ${id}`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-empty={!value || undefined}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={() => void loadDateCalendar()}
        onFocus={() => void loadDateCalendar()}
      >
        <Icon name="calendar" className={styles.icon} />
        <span>{value ? formatLongDate(value) : placeholder}</span>
      </button>
      {open ? (
        <div
          id={dialogId}
          role="dialog"
          aria-label={`Choose a date: ${label}`}
          className={calendarStyles.popover}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close(true);
            }
          }}
        >
          <Suspense fallback={<p className={styles.loading}>Loading the calendar…</p>}>
            <Calendar
              todayIso={todayIso}
              value={value}
              defaultMonthIso={defaultMonthIso}
              isDateDisabled={isDateDisabled}
              fullDates={fullDates}
              fullClassName={styles.full}
              lastIso={lastBookableDate(todayIso)}
              onSelect={(iso) => {
                onChange(iso);
                close(true);
              }}
            />
          </Suspense>
          {legend ? <div className={styles.legend}>{legend}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
