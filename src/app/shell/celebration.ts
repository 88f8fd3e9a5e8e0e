import type confettiModule from 'canvas-confetti';
import { prefersReducedMotion } from '../../lib/usePrefersReducedMotion';

/** SPEC §2/§9: a 1 s celebratory particle effect on clicks of buttons and links outside forms. */
export const CELEBRATION_MS = 1000;
const SKIP_TEXT = ['Reserve Now', 'Processing'];

/** The clickable element a click should celebrate, or null when it should not. */
export function celebrationTarget(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const clickable = target.closest<HTMLElement>('button, a, [role="button"]');
  if (!clickable) return null;
  if (clickable.closest('form')) return null;
  if (clickable.closest('[data-no-celebration]')) return null;
  const text = clickable.textContent ?? '';
  if (SKIP_TEXT.some((skip) => text.includes(skip))) return null;
  return clickable;
}

let confettiInstance: ReturnType<typeof confettiModule.create> | null = null;

/** canvas-confetti is loaded on the first celebration, keeping it out of the first page load. */
async function instance() {
  if (!confettiInstance) {
    const { default: confetti } = await import('canvas-confetti');
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.celebration = 'true';
    Object.assign(canvas.style, {
      position: 'fixed',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
      zIndex: '200',
    });
    document.body.appendChild(canvas);
    confettiInstance = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  }
  return confettiInstance;
}

/** Bursts from the click point; particles live about 60 frames (1 s at 60 fps). */
export function celebrate(x: number, y: number): void {
  if (prefersReducedMotion()) return;
  document.documentElement.dataset.celebrating = String(Date.now());
  // Offline before the service worker has cached the chunk, the import fails: no confetti, no error.
  void instance()
    .then((fire) => fire({
    particleCount: 40,
    spread: 70,
    startVelocity: 28,
    ticks: 60,
    gravity: 1.1,
    scalar: 0.8,
    colors: ['#ffb443', '#ff8fc2', '#5fd7c9', '#f7f0e4', '#ff6257'],
    origin: { x: x / window.innerWidth, y: y / window.innerHeight },
  }))
    .catch(() => undefined);
  window.setTimeout(() => delete document.documentElement.dataset.celebrating, CELEBRATION_MS);
}

export function installCelebration(): () => void {
  const onClick = (event: MouseEvent) => {
    const target = celebrationTarget(event.target);
    if (target) celebrate(event.clientX, event.clientY);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
