/**
 * Toasts for every message the spec lists (SPEC §8). Failures use the destructive style.
 * Sonner: small, accessible (aria-live), swipe to dismiss; we only theme it. It is loaded with the
 * first message, not with the page: most visits show no toast at all.
 */
import { lazy, useEffect } from 'react';
import { valueStore } from '../lib/valueStore';
import { loadWhenOnline } from './lazyWhenOnline';
import { LoadWhen } from './LoadWhen';

type Sonner = typeof import('sonner');
type Show = (sonner: Sonner) => void;

let sonner: Sonner | null = null;
let mounted = false;
const waiting: Show[] = [];
const mountListeners = new Set<() => void>();

/** Shows a toast now if the toaster is up, else once sonner has loaded and the toaster has mounted. */
function show(action: Show) {
  if (sonner && mounted) {
    action(sonner);
    return;
  }
  waiting.push(action);
  for (const listener of mountListeners) listener();
}

function flushWaiting() {
  mounted = true;
  for (const action of waiting.splice(0)) if (sonner) action(sonner);
}

export const notify = {
  success(title: string, description?: string) {
    show(({ toast }) => toast.success(title, { description }));
  },
  error(title: string, description?: string) {
    show(({ toast }) => toast.error(title, { description, className: 'toast-destructive' }));
  },
  info(title: string, description?: string) {
    show(({ toast }) => toast(title, { description }));
  },
  /** Clears every toast on screen (the kiosk, between guests). */
  dismissAll() {
    waiting.length = 0;
    sonner?.toast.dismiss();
  },
};

const position = valueStore<'top-center' | 'bottom-center'>('top-center');

/**
 * For a screen whose top holds its controls (the staff tablet's frame, views and search): while it
 * is mounted, toasts show at the bottom, so they never cover the header or the tabs.
 */
export function useToastsAtBottom(): void {
  useEffect(() => {
    position.set('bottom-center');
    return () => position.set('top-center');
  }, []);
}

/** Loads sonner ahead of the first message (forms warm it up, so a toast shows even offline). */
export const preloadToasts = () => import('sonner');

const SonnerToaster = lazy(async () => {
  sonner = await loadWhenOnline(preloadToasts);
  const { Toaster } = sonner;
  function ReadyToaster() {
    // Effects run child first: sonner's toaster is listening by the time this one runs.
    useEffect(flushWaiting, []);
    const at = position.use();
    return (
      <Toaster position={at} theme="dark" richColors closeButton toastOptions={{ duration: 6000, classNames: { toast: 'toast' } }} />
    );
  }
  return { default: ReadyToaster };
});

function subscribeNeeded(onChange: () => void) {
  mountListeners.add(onChange);
  return () => {
    mountListeners.delete(onChange);
  };
}
const isNeeded = () => waiting.length > 0 || mounted;

/** Where toasts appear; renders nothing (and loads nothing) until the first message. */
export function Toaster() {
  return (
    <LoadWhen subscribe={subscribeNeeded} isOn={isNeeded}>
      <SonnerToaster />
    </LoadWhen>
  );
}
