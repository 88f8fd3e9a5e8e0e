/**
 * Taps on a carousel's Previous and Next before it is live. Its prerendered buttons are on the page
 * long before its code: that loads only as a guest scrolls towards it (SpaceGallery), and a click that
 * scrolls it into view lands on a part React has not taken over yet. React drops such a click while
 * the part's code is still on the way, so the first Next did nothing. A capture listener, installed
 * with the page, counts those taps per carousel; the carousel makes the moves once it is up.
 */

/** The carousel's root; its buttons carry `data-step` (1 or -1). It is live once it has `data-ready`. */
export const CAROUSEL_SELECTOR = '[aria-roledescription="carousel"]';

const early = new WeakMap<Element, number>();

function onClick(event: MouseEvent): void {
  if (!(event.target instanceof Element)) return;
  const button = event.target.closest('button[data-step]');
  const carousel = button?.closest(CAROUSEL_SELECTOR);
  if (!button || !carousel || carousel.hasAttribute('data-ready')) return;
  early.set(carousel, (early.get(carousel) ?? 0) + Number(button.getAttribute('data-step')));
}

/** Counts taps on carousels that are not live yet, until the returned function is called. */
export function keepEarlyTaps(): () => void {
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}

/** The net steps tapped on `carousel` before it was live (forward positive), forgotten once read. */
export function takeEarlyTaps(carousel: Element | null): number {
  if (!carousel) return 0;
  const steps = early.get(carousel) ?? 0;
  early.delete(carousel);
  return steps;
}
