import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the page's prerendered HTML may still be hydrating: true on a prerendered page (its
 * #root arrives filled) until the guest first moves to another path. Parts of such a page hydrate
 * late (a form when the guest comes near it), so nothing short of leaving the page says they all
 * have. An app-shell page (staff, kiosk) is rendered, never hydrated.
 */
const initialPath = typeof window === 'undefined' ? '' : window.location.pathname;
let serverHtmlInPlay = typeof document !== 'undefined' && !!document.getElementById('root')?.hasChildNodes();

function leftTheFirstPage() {
  if (window.location.pathname !== initialPath) serverHtmlInPlay = false;
}
if (typeof window !== 'undefined' && serverHtmlInPlay) {
  // wouter announces its history changes as events; they run before React renders the next page.
  // Only a new path counts: an anchor's #fragment or a cleaned query string keeps the page.
  for (const type of ['pushState', 'replaceState', 'popstate']) window.addEventListener(type, leftTheFirstPage);
}

/**
 * False while React hydrates prerendered HTML (and on the server), true from then on. For the few
 * things the prerendered page cannot know (the visitor's URL on a shared 404 page, today's date):
 * render the build-time version first, so hydration matches, then the live one. The switch is a
 * transition, rendered in slices between the guest's taps and scrolls: the store-based version
 * re-rendered synchronously right after hydration, one long task as big as the parts that read it
 * (the events page's calendar and lists: hundreds of milliseconds on a mid-range phone). A part
 * rendered fresh in the browser (another page, the staff screens) reads true at once.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !serverHtmlInPlay);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
