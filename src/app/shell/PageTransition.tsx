import { LazyMotion, m } from 'framer-motion';
import type { ReactNode } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';

/** SPEC §9: content fades in 50 ms after a route change, over 500 ms. */
export const FADE_DELAY_S = 0.05;
export const FADE_DURATION_S = 0.5;

const loadFeatures = () => import('./motionFeatures').then((module) => module.default);

export function PageTransition({ routeKey, children }: { routeKey: string; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  if (reducedMotion) return <div key={routeKey}>{children}</div>;
  return (
    <LazyMotion features={loadFeatures} strict>
      <m.div
        key={routeKey}
        initial={{ opacity: 0 }}
        animate={{ opacity: 1 }}
        transition={{ delay: FADE_DELAY_S, duration: FADE_DURATION_S, ease: 'easeOut' }}
      >
        {children}
      </m.div>
    </LazyMotion>
  );
}
