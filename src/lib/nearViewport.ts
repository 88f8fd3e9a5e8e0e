/**
 * Resolves once the element matching `selector` comes within `marginPx` of the bottom of the
 * viewport, or has been scrolled past: below-the-fold parts load their code when a guest scrolls
 * towards them, not while the page is coming alive. (An IntersectionObserver misses a jump past
 * the element, e.g. to an anchor, hence the scroll check too.) Resolves at once where there is
 * nothing to watch: no DOM, or no such element.
 */
export function nearViewport(selector: string, marginPx = 400): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  const near = () => element.getBoundingClientRect().top < window.innerHeight + marginPx;
  if (near()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!near()) return;
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      resolve();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check, { passive: true });
  });
}
