import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown modally while `open` is true (focus moves in, Escape and the backdrop
 * are the browser's): the staff dialogs' one way to open and close. Gives the ref and a close; the
 * dialog's onClose is where the caller forgets what it was asking.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (open && el && !el.open) el.showModal?.();
  }, [open]);
  const close = () => ref.current?.close?.();
  return [ref, close] as const;
}
