import { Toaster as SonnerToaster, toast } from 'sonner';

/**
 * Toasts for every message the spec lists (SPEC §8). Failures use the destructive style.
 * Sonner: small, accessible (aria-live), swipe to dismiss; we only theme it.
 */
export const notify = {
  success(title: string, description?: string) {
    toast.success(title, { description });
  },
  error(title: string, description?: string) {
    toast.error(title, { description, className: 'toast-destructive' });
  },
  info(title: string, description?: string) {
    toast(title, { description });
  },
};

export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      theme="dark"
      richColors
      closeButton
      toastOptions={{ duration: 6000, classNames: { toast: 'toast' } }}
    />
  );
}
