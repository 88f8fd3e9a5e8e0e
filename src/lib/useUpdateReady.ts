/**
 * Whether a new version is installed and waiting, for a screen that shows the offer in its own
 * frame instead of the floating prompt (the staff tablet puts it in its header, where it never
 * covers tonight's list). The update prompt (src/app/shell/UpdatePrompt.tsx) reports it here.
 */
import { valueStore } from './valueStore';

const ready = valueStore(false);

export const setUpdateReady = ready.set;
export const useUpdateReady = ready.use;

/** Paths whose screens offer the update in their own frame. */
export const FRAMED_UPDATE_PREFIX = '/admin/';
