import { useEffect, useId, useRef } from 'react';
import styles from './Kiosk.module.css';

/**
 * "Still there?": shown for the last seconds before an untouched, partly filled form is
 * cleared. A modal dialog (the form behind is inert); a tap anywhere on it, or Escape, keeps
 * the guest's details.
 */
export function StillThere({ secondsLeft, onStillHere }: { secondsLeft: number; onStillHere: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    return () => {
      if (dialog.open) dialog.close();
      restore?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.stillThere}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="kiosk-still-there"
      onClick={onStillHere}
      onCancel={(event) => {
        event.preventDefault();
        onStillHere();
      }}
    >
      <h2 id={titleId}>Still there?</h2>
      <p id={bodyId}>
        This form clears in <strong className={styles.countdownNumber}>{secondsLeft}</strong> {secondsLeft === 1 ? 'second' : 'seconds'} so
        the next guest can use it.
      </p>
      <button type="button" className={styles.bigButton} autoFocus>
        I'm still here
      </button>
    </dialog>
  );
}
