import { notify } from '../../components/toast';
import { TOAST_TITLES } from '../../lib/rules/limits';

/**
 * One change a staff screen sends to the server, with the toasts every screen gives: on success
 * `success` (when given) and true; on failure the error logged and toasted as `failure`, `undo`
 * run first (an optimistic change put back), and false. It never throws.
 */
export async function staffAction(work: () => Promise<unknown>, { failure, success, undo }: { failure: string; success?: string | undefined; undo?: () => void }): Promise<boolean> {
  try {
    await work();
    if (success) notify.success('Success', success);
    return true;
  } catch (error) {
    console.error(failure, error);
    undo?.();
    notify.error(TOAST_TITLES.error, failure);
    return false;
  }
}
