import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { loadWhenOnline } from '../../components/lazyWhenOnline';

type Fade = ComponentType<{ children: ReactNode }>;

/**
 * The page a guest lands on is painted at once, as prerendered (a fade there would only delay the
 * first paint, and it is not faded when the guest comes back to it); other routes fade in with framer-motion, which loads on the guest's first interaction.
 */
export function PageTransition({ routeKey, children }: { routeKey: string; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const [Fade, setFade] = useState<Fade | null>(null);
  const [landingRoute] = useState(routeKey);
  useEffect(() => {
    // On the guest's first touch, click or key: a route change can only follow one, and a visit
    // that never interacts never downloads framer-motion.
    const load = () => {
      stop();
      // The fade is decoration: if its chunk never arrives (offline, a deploy replaced it), pages
      // simply appear without it, and nothing is thrown into the page.
      loadWhenOnline(() => import('./MotionFade')).then(
        (m) => setFade(() => m.MotionFade),
        (error: unknown) => console.warn('Page fade not loaded; pages appear without it', error),
      );
    };
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const stop = () => events.forEach((type) => window.removeEventListener(type, load, { capture: true }));
    events.forEach((type) => window.addEventListener(type, load, { capture: true, passive: true }));
    return stop;
  }, []);
  if (reducedMotion || !Fade || routeKey === landingRoute) return <div key={routeKey}>{children}</div>;
  return <Fade key={routeKey}>{children}</Fade>;
}
