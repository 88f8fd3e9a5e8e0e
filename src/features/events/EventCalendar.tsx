import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import calendarStyles from '../../components/calendar.module.css';
import { formatLongDate, isoWeekday } from '../../lib/venueTime';
import { isoToLocalDate, localDateToIso } from '../../lib/localDates';
import styles from './events.module.css';

interface Props {
  todayIso: string;
  selected: string;
  onSelect: (iso: string) => void;
  /** Weekdays (1–7) with a weekly event: every such day gets a dot. */
  weeklyDays: Set<number>;
  /** Dates with a special event: a star. */
  specialDates: Set<string>;
}

/**
 * The month calendar of /meetups-groups. Opens on the current month; one date is selected at a
 * time. Keyboard: arrows move by day/week, Page Up/Down by month, Enter/Space selects.
 */
export function EventCalendar({ todayIso, selected, onSelect, weeklyDays, specialDates }: Props) {
  const today = isoToLocalDate(todayIso);
  const hasWeekly = (date: Date) => weeklyDays.has(isoWeekday(localDateToIso(date)));
  const hasSpecial = (date: Date) => specialDates.has(localDateToIso(date));
  return (
    <div className={styles.calendarWrap}>
      <DayPicker
        mode="single"
        required
        today={today}
        defaultMonth={today}
        startMonth={today}
        selected={selected ? isoToLocalDate(selected) : undefined}
        onSelect={(date) => date && onSelect(localDateToIso(date))}
        disabled={{ before: today }}
        modifiers={{ weekly: hasWeekly, special: hasSpecial }}
        modifiersClassNames={{ weekly: styles.hasWeekly ?? 'weekly', special: styles.hasSpecial ?? 'special' }}
        labels={{
          labelDayButton: (date, modifiers) => {
            let text = formatLongDate(localDateToIso(date));
            if (modifiers.special) text += ', special event';
            if (modifiers.weekly) text += ', weekly events';
            if (modifiers.selected) text += ', selected';
            return text;
          },
        }}
        className={calendarStyles.calendar}
      />
      <ul className={styles.legend} aria-label="Calendar key">
        <li>
          <span className={styles.legendDot} aria-hidden="true" /> Weekly game night
        </li>
        <li>
          <span className={styles.legendStar} aria-hidden="true">
            ★
          </span>{' '}
          Special event
        </li>
      </ul>
    </div>
  );
}
