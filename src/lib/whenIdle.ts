/** Runs work once the page is idle (Safari has no requestIdleCallback: a second after load there). */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 1000);
  return () => clearTimeout(timer);
}
