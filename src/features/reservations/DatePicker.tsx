import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import calendarStyles from '../../components/calendar.module.css';
import { lastBookableDate } from '../../lib/rules/validate';
import { formatLongDate } from '../../lib/venueTime';
import { isoToLocalDate, localDateToIso } from './calendarDates';
import { Icon } from './Icons';
import styles from './DatePicker.module.css';

interface Props {
  /** id of the trigger button (labels and error messages point at it). */
  id: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  /** The venue's today (yyyy-MM-dd): earlier days are disabled, and so are days past the booking horizon. */
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

  const today = isoToLocalDate(todayIso);
  const fullSet = new Set(fullDates);
  // The same horizon the server enforces (LIMITS.bookingHorizonDays).
  const last = isoToLocalDate(lastBookableDate(todayIso));
  const disabled: Matcher[] = [{ before: today }, { after: last }];
  if (isDateDisabled) disabled.push((date: Date) => isDateDisabled(localDateToIso(date)));
  const selected = value ? isoToLocalDate(value) : undefined;
  const month = selected ?? (defaultMonthIso ? isoToLocalDate(defaultMonthIso) : today);

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
          <DayPicker
            mode="single"
            autoFocus
            today={today}
            selected={selected}
            defaultMonth={month}
            startMonth={today}
            endMonth={last}
            disabled={disabled}
            modifiers={{ full: fullDates.map(isoToLocalDate) }}
            modifiersClassNames={{ full: styles.full ?? 'full' }}
            labels={{
              labelDayButton: (date, modifiers) => {
                const iso = localDateToIso(date);
                let text = formatLongDate(iso);
                if (fullSet.has(iso)) text += ', fully booked';
                else if (modifiers.disabled) text += ', not available';
                if (modifiers.selected) text += ', selected';
                return text;
              },
            }}
            onSelect={(date) => {
              if (!date) return;
              onChange(localDateToIso(date));
              close(true);
            }}
            className={calendarStyles.calendar}
          />
          {legend ? <div className={styles.legend}>{legend}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
