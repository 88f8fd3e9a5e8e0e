import { DayPicker, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import { isoToLocalDate, localDateToIso } from '../lib/localDates';
import { formatLongDate } from '../lib/venueTime';
import calendarStyles from './calendar.module.css';

export interface DateCalendarProps {
  todayIso: string;
  value: string;
  defaultMonthIso?: string;
  isDateDisabled?: (iso: string) => boolean;
  /** Days to mark (and announce) as fully booked; they should be disabled too. */
  fullDates?: string[];
  fullClassName?: string;
  /** The last day that can be chosen (the booking horizon, as the server enforces it). */
  lastIso?: string;
  onSelect: (iso: string) => void;
}

/**
 * The month view of the date fields' popovers (react-day-picker), loaded lazily by them:
 * keyboard-usable (arrows, Page Up/Down, Home/End, Enter), past days disabled, full nights marked.
 */
export default function DateCalendar({ todayIso, value, defaultMonthIso, isDateDisabled, fullDates = [], fullClassName = 'full', lastIso, onSelect }: DateCalendarProps) {
  const today = isoToLocalDate(todayIso);
  const fullSet = new Set(fullDates);
  const last = lastIso ? isoToLocalDate(lastIso) : undefined;
  const disabled: Matcher[] = last ? [{ before: today }, { after: last }] : [{ before: today }];
  if (isDateDisabled) disabled.push((date: Date) => isDateDisabled(localDateToIso(date)));
  const selected = value ? isoToLocalDate(value) : undefined;
  const month = selected ?? (defaultMonthIso ? isoToLocalDate(defaultMonthIso) : today);
  return (
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
      modifiersClassNames={{ full: fullClassName }}
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
        if (date) onSelect(localDateToIso(date));
      }}
      className={calendarStyles.calendar}
    />
  );
}
