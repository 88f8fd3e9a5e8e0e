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

/**
 * Resolves once the page's first contentful paint has been presented (the browser's own
 * `first-contentful-paint` entry), for the work that must not share the first paint's bandwidth or
 * main thread. A frame callback alone is not enough: the frame it precedes can hold no content yet
 * (text waits up to 100 ms for its font), and the paint can reach the screen a few frames later, so
 * work started after it still raced the page's first content. Where nothing will paint (a tab in
 * the background) or the browser does not report paints, it falls back to `afterPaint`; and it never
 * waits longer than `maxWaitMs`.
 */
export function afterFirstContentfulPaint(maxWaitMs = 2000): Promise<void> {
  const reportsPaints = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!reportsPaints || document.visibilityState === 'hidden') return afterPaint();
  return new Promise((resolve) => {
    const finish = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', finish);
      // After the task that reported the paint, as afterPaint does after its frame.
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(finish, maxWaitMs);
    // Going to the background means no paint will come: start now rather than at the timeout.
    document.addEventListener('visibilitychange', finish, { once: true });
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) finish();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
