import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { whenIdle } from '../../lib/whenIdle';
import { loadWhenOnline } from '../../components/lazyWhenOnline';

/** SPEC §9: content fades in 50 ms after a route change, over 500 ms. */
export const FADE_DELAY_S = 0.05;
export const FADE_DURATION_S = 0.5;

type Fade = ComponentType<{ children: ReactNode }>;

/**
 * The page a guest lands on is painted at once, as prerendered (a fade there would only delay the
 * first paint, and it is not faded when the guest comes back to it); other routes fade in with framer-motion, which loads while the page is idle.
 */
export function PageTransition({ routeKey, children }: { routeKey: string; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const [Fade, setFade] = useState<Fade | null>(null);
  const [landingRoute] = useState(routeKey);
  useEffect(() => whenIdle(() => void loadWhenOnline(() => import('./MotionFade')).then((m) => setFade(() => m.MotionFade))), []);
  if (reducedMotion || !Fade || routeKey === landingRoute) return <div key={routeKey}>{children}</div>;
  return <Fade key={routeKey}>{children}</Fade>;
}
