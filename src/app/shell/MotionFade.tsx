// framer-motion's fade for route changes, in its own chunk (loaded when the page is idle).
import { LazyMotion, domAnimation, m } from 'framer-motion';
import type { ReactNode } from 'react';
import { FADE_DELAY_S, FADE_DURATION_S } from './fadeTiming';

export function MotionFade({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      <m.div initial={{ opacity: 0 }} animate={{ opacity: 1 }} transition={{ delay: FADE_DELAY_S, duration: FADE_DURATION_S, ease: 'easeOut' }}>
        {children}
      </m.div>
    </LazyMotion>
  );
}
