import styles from './TaskManagement.module.css';

/**
 * The line a staff list shows in place of its rows: loading (when `loading` is given), failed with
 * "Try again", or empty once loaded.
 */
export function ListStatus({ state, empty, loading, failure, onRetry, emptyText }: {
  state: 'loading' | 'ready' | 'error';
  empty: boolean;
  loading?: string;
  failure: string;
  onRetry: () => void;
  emptyText: string;
}) {
  return (
    <>
      {state === 'loading' && loading ? <p className={styles.muted}>{loading}</p> : null}
      {state === 'error' ? (
        <p className={styles.muted} role="alert">
          {failure}.{' '}
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
      {state === 'ready' && empty ? <p className={styles.muted}>{emptyText}</p> : null}
    </>
  );
}
