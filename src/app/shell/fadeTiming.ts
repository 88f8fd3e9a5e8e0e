// Its own module so the lazily loaded MotionFade can read it without importing PageTransition,
// which loads MotionFade: that pair was an import circle.

/** SPEC §9: content fades in 50 ms after a route change, over 500 ms. */
export const FADE_DELAY_S = 0.05;
export const FADE_DURATION_S = 0.5;
