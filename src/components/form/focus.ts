/**
 * Moves focus to a control by element id once the messages have rendered, and scrolls it to the
 * middle of the screen, so keyboard and screen reader users land on it with its message.
 */
export function focusControl(id: string): void {
  window.setTimeout(() => {
    const el = document.getElementById(id);
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, 0);
}
