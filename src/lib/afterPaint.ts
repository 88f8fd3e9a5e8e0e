/**
 * Resolves once the browser has had the chance to paint what is on screen: a requestAnimationFrame
 * callback runs just before a frame is painted, and a task queued from it runs after. A tab in the
 * background paints no frames, so a timer ends the wait there too.
 */
export function afterPaint(maxWaitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
