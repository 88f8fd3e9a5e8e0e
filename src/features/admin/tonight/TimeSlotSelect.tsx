import type { ChangeEvent } from 'react';
import { SelectField } from '../../../components/form';
import { TIME_SLOTS } from '../../../lib/rules/limits';
import styles from './Tonight.module.css';

interface Props {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  error?: string | undefined;
}

/**
 * A board game night party's time: one of the night's slots, the only times the server takes
 * (as on the guests' form). A stored time that is no slot (an old free-text one) stays listed
 * first, so saving another field does not change it.
 */
export function TimeSlotSelect({ id, value, onChange, error }: Props) {
  const options: readonly string[] = (TIME_SLOTS as readonly string[]).includes(value) || value === '' ? TIME_SLOTS : [value, ...TIME_SLOTS];
  return <SelectField id={id} label="Time" value={value} onChange={onChange} error={error} options={options} controlClassName={styles.input} fieldClassName={styles.field} />;
}
