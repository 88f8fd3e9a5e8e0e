import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/** Every route change starts at the top of the page (SPEC §2). */
export function ScrollToTop() {
  const [pathname] = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
