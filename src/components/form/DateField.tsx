import { Suspense, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import calendarStyles from '../calendar.module.css';
import { lazyWhenOnline } from '../lazyWhenOnline';
import { loadDateCalendar } from '../loadDateCalendar';
import { formatLongDate, isIsoDate } from '../../lib/venueTime';
import styles from './form.module.css';

// The month view (react-day-picker) loads when the guest first reaches for the field, not with the page.
const Calendar = lazyWhenOnline(loadDateCalendar);

export interface DateFieldProps {
  /** The trigger button's id (messages point at it). */
  id: string;
  /** The field's label (a span: Field with labelAs="span"); the button is named by it and its text. */
  labelId: string;
  value: string;
  onChange: (iso: string) => void;
  /** The venue's today (yyyy-MM-dd): earlier days are disabled. Null until mounted (the button waits). */
  todayIso: string | null;
  /** More days to disable (other weekdays, full nights). */
  isDateDisabled?: (iso: string) => boolean;
  /** Days to mark as fully booked (disable them too). */
  fullDates?: string[];
  /** The last day that can be chosen (the booking horizon). */
  lastIso?: string | undefined;
  /** The month to open on when nothing is chosen yet. */
  defaultMonthIso?: string | undefined;
  invalid?: boolean;
  describedBy?: string | undefined;
  placeholder?: string;
  /** The calendar's accessible name. */
  dialogLabel: string;
  /** A note under the month view. */
  legend?: ReactNode;
  /** Offers a Clear button once a date is set (an optional date); the text is for screen readers. */
  clearLabel?: string;
  icon?: ReactNode;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A date: a button showing the chosen date that opens a month calendar (react-day-picker, lazy):
 * arrow keys, Page Up/Down for months, Home/End, Enter; Escape or a click or focus elsewhere
 * closes it, and choosing or Escape returns focus to the button.
 */
export function DateField(props: DateFieldProps) {
  const { id, labelId, value, onChange, todayIso, invalid, describedBy, placeholder = 'Pick a date', clearLabel, icon, disabled } = props;
  const [openState, setOpen] = useState(false);
  const open = openState && !disabled && !!todayIso;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const dialogId = useId();
  useCloseOnOutside(open, rootRef, () => setOpen(false));

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const setTrigger = (el: HTMLButtonElement | null) => {
    triggerRef.current = el;
    if (typeof props.ref === 'function') props.ref(el);
    else if (props.ref) props.ref.current = el;
  };

  return (
    <div className={styles.dateRoot} ref={rootRef}>
      <div className={styles.dateRow}>
        <button
          ref={setTrigger}
          id={id}
          type="button"
          className={`${styles.input} ${styles.dateTrigger}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          aria-labelledby={`${labelId} ${id}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-empty={!value || undefined}
          disabled={disabled || !todayIso}
          onPointerEnter={() => void loadDateCalendar()}
          onFocus={() => void loadDateCalendar()}
          onClick={() => setOpen((v) => !v)}
        >
          {icon ?? <CalendarIcon />}
          <span>{value && isIsoDate(value) ? formatLongDate(value) : placeholder}</span>
        </button>
        {clearLabel && value ? (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              onChange('');
              triggerRef.current?.focus();
            }}
            disabled={disabled}
          >
            Clear<span className="visually-hidden"> {clearLabel}</span>
          </button>
        ) : null}
      </div>
      {open && todayIso ? <CalendarPopover {...props} todayIso={todayIso} dialogId={dialogId} onChosen={(iso) => (onChange(iso), close())} onEscape={close} /> : null}
    </div>
  );
}

function CalendarPopover({ dialogId, dialogLabel, todayIso, value, isDateDisabled, fullDates, lastIso, defaultMonthIso, legend, onChosen, onEscape }: DateFieldProps & { todayIso: string; dialogId: string; onChosen: (iso: string) => void; onEscape: () => void }) {
  return (
    <div
      id={dialogId}
      role="dialog"
      aria-label={dialogLabel}
      className={calendarStyles.popover}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onEscape();
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
          lastIso={lastIso}
          onSelect={onChosen}
        />
      </Suspense>
      {legend ? <div className={styles.legend}>{legend}</div> : null}
    </div>
  );
}

/** Closes the popover on a pointer press or a focus outside the field. */
function useCloseOnOutside(open: boolean, rootRef: React.RefObject<HTMLDivElement | null>, close: () => void) {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) latest.current();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, rootRef]);
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.dateIcon}>
      <path fill="currentColor" d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm12 8H5v9h14v-9Z" />
    </svg>
  );
}

/** The icon class, for a form that brings its own calendar icon. */
export const dateIconClass = styles.dateIcon;
