/** What a guest does to reach into a part of the page: it needs its code at once. */
const REACHING_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Resolves once an element matching `selector` comes within `marginPx` of the bottom of the
 * viewport, or has been scrolled past, or the guest touches, clicks or tabs into one: below-the-fold
 * parts load their code when a guest scrolls towards them or reaches for them, not while the page is
 * coming alive. (An IntersectionObserver misses a jump past the element, e.g. to an anchor, hence the
 * scroll check; the capture listeners catch a tap or Tab that gets there before any scroll does.)
 * Resolves at once where there is nothing to watch: no DOM, or no such element, as when a route is
 * rendered in the browser rather than taken over from its prerendered HTML; and when the focus is
 * already inside one (the guest got there before the app ran).
 */
export function nearViewport(selector: string, marginPx = 400): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const elements = [...document.querySelectorAll(selector)];
  const near = () => elements.some((element) => element.getBoundingClientRect().top < window.innerHeight + marginPx);
  // A guest who tabbed or tapped into the part before the app was running is already in it: the
  // event that would have told us came before these listeners.
  const reachedAlready = () => elements.some((element) => element.contains(document.activeElement));
  if (elements.length === 0 || near() || reachedAlready()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      for (const type of REACHING_EVENTS) document.removeEventListener(type, onReach, true);
      resolve();
    };
    const onScroll = () => {
      if (near()) done();
    };
    const onReach = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(selector)) done();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    for (const type of REACHING_EVENTS) document.addEventListener(type, onReach, { capture: true, passive: true });
  });
}
