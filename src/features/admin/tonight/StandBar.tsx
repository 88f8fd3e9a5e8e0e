import { GUEST_SEARCH_MESSAGES } from '../../../lib/rules/guestSearch';
import { Button } from '../../../components/Button';
import { STAND_FILTERS, STAND_FILTER_LABELS, type StandFilter } from './standLogic';
import styles from './Tonight.module.css';

interface Props {
  id: string;
  query: string;
  onQuery: (query: string) => void;
  filter: StandFilter;
  onFilter: (filter: StandFilter) => void;
  counts: Record<StandFilter, number>;
  /** the walk-in form is open */
  adding: boolean;
  onAdd: () => void;
}

/**
 * The host stand's top bar, kept in reach while the list scrolls: "Find a guest" (tonight's copy
 * as you type, every night from the server below), "Add a walk-in", and the chips that show one
 * kind of party, each with its count.
 */
export function StandBar({ id, query, onQuery, filter, onFilter, counts, adding, onAdd }: Props) {
  return (
    <div className={styles.bar}>
      <div className={styles.searchRow} role="search" aria-labelledby={`${id}-q-label`}>
        <label id={`${id}-q-label`} htmlFor={`${id}-q`} className="visually-hidden">
          {GUEST_SEARCH_MESSAGES.label}
        </label>
        <svg className={styles.searchIcon} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M8.5 2a6.5 6.5 0 0 1 5.2 10.4l4 4a1 1 0 0 1-1.4 1.4l-4-4A6.5 6.5 0 1 1 8.5 2Zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Z" />
        </svg>
        <span id={`${id}-q-hint`} className="visually-hidden">
          {GUEST_SEARCH_MESSAGES.hint}
        </span>
        <input
          id={`${id}-q`}
          className={styles.searchInput}
          type="search"
          value={query}
          placeholder={GUEST_SEARCH_MESSAGES.label}
          onChange={(event) => onQuery(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${id}-q-hint ${id}-q-status`}
        />
      </div>
      <div className={styles.chips} role="group" aria-label="Show parties">
        {STAND_FILTERS.map((f) => (
          <button key={f} type="button" className={styles.chip} data-filter={f} data-none={counts[f] === 0 || undefined} aria-pressed={filter === f} onClick={() => onFilter(f)}>
            {STAND_FILTER_LABELS[f]} <span className={styles.chipCount}>{counts[f]}</span>
          </button>
        ))}
      </div>
      {!adding ? (
        <Button className={styles.addButton} onClick={onAdd} aria-label="Add a walk-in">
          + Walk-in
        </Button>
      ) : null}
    </div>
  );
}
