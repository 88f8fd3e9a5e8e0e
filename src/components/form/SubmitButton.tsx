import type { Ref } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from '../Button';
import type { SubmissionState } from './useSubmission';

interface Props {
  /** The submission's state (useSubmission): busy reads `busyLabel`, queued reads `queuedLabel`. */
  state: SubmissionState;
  label: string;
  /** 'Reserving...', 'Sending...' or 'Submitting...' (SPEC §4). */
  busyLabel: string;
  queuedLabel?: string;
  /** Not ready yet (e.g. required fields empty). */
  disabled?: boolean;
  size?: ButtonSize;
  variant?: ButtonVariant;
  block?: boolean;
  /** Runs before the form submits (a form with two submit buttons notes which one was pressed). */
  onClick?: () => void;
  className?: string;
  'data-testid'?: string;
  /** To bring focus back to it after a failure. */
  ref?: Ref<HTMLButtonElement>;
}

/** The form's submit button: disabled and `aria-busy` while sending, disabled once saved on the device. */
export function SubmitButton({ state, label, busyLabel, queuedLabel = 'Saved on this device', disabled, size, variant, block, className, onClick, 'data-testid': testId, ref }: Props) {
  const busy = state === 'busy';
  const queued = state === 'queued';
  return (
    <button
      ref={ref}
      type="submit"
      className={buttonClass({ size, variant, block }, className)}
      onClick={onClick}
      disabled={disabled || busy || queued}
      aria-busy={busy || undefined}
      data-state={state === 'idle' ? undefined : state}
      data-testid={testId}
    >
      {busy ? busyLabel : queued ? queuedLabel : label}
    </button>
  );
}
