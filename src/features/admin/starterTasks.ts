/**
 * Starter tasks (SPEC §4, §9): when the food_beverage category has no tasks on the task
 * screen's first load, eight starter tasks are created, once.
 *
 * "Once" holds three ways:
 *   - one run per page session (a module-level promise), so StrictMode's double effects, a
 *     remount or a second call while the first is in flight never create twice;
 *   - fixed record ids, so two tablets opening the screen at the same moment cannot both create
 *     them: the second create of an id answers validation_not_unique and counts as done;
 *   - nothing is created when the category already has any task.
 */
import { ClientResponseError } from 'pocketbase';
import type { TaskCategoryId, TaskStatus } from '../../lib/rules/limits';
import type { Task } from './types';

export const STARTER_CATEGORY: TaskCategoryId = 'food_beverage';

export interface StarterTask {
  title: string;
  description: string;
  cadence: string;
}

/** In order; the cadences are the spec's, in the spec's order. */
export const STARTER_TASKS: readonly StarterTask[] = [
  {
    title: 'Review food cost against the 25–30% target',
    description:
      'Compare food purchases with food sales for the month. Keep food cost between 25 and 30 percent of food sales; when it drifts, adjust portions, prices or suppliers.',
    cadence: 'Monthly review',
  },
  {
    title: 'Compare vendor prices and delivery terms',
    description:
      'Get current quotes for beer, liquor, mixers, produce and snacks from at least two distributors. Renegotiate or switch when prices creep up or deliveries run late.',
    cadence: 'Quarterly vendor review',
  },
  {
    title: 'Cut slow sellers from the menu',
    description:
      'Check sales per item: drop dishes and drinks that rarely sell or earn little, and try one new shareable game-night snack in their place.',
    cadence: 'Quarterly',
  },
  {
    title: 'Refresh the drink specials and specials board',
    description: 'Put up new game-night cocktail and beer specials and update the board by the bar and the menu QR page.',
    cadence: 'Monthly refresh',
  },
  {
    title: 'Count bar and kitchen inventory and reorder to par',
    description: 'Count liquor, kegs, cans, mixers, garnishes and food stock. Place orders before Thursday so the bar is stocked for the weekend.',
    cadence: 'Weekly',
  },
  {
    title: 'Check dates and rotate stock (first in, first out)',
    description: 'Move older stock to the front, throw out anything past its date and log the waste so it shows up in food cost.',
    cadence: 'Weekly',
  },
  {
    title: 'Deep clean the bar, taps, ice machine and kitchen equipment',
    description: 'Clean beer lines and taps, descale the ice machine and deep clean the fryer, fridges and prep surfaces. Note anything that needs repair.',
    cadence: 'Monthly',
  },
  {
    title: 'Review allergen information and retrain staff',
    description: 'Update the allergen list for every menu item and go through it with bar and kitchen staff, including how to answer guests who ask.',
    cadence: 'Quarterly',
  },
];

/** Fixed ids (15 chars of [a-z0-9], PocketBase's id shape): starterfoodbev1 … starterfoodbev8. */
export const STARTER_IDS = STARTER_TASKS.map((_, i) => `starterfoodbev${i + 1}`);

export interface NewTaskRecord {
  id?: string;
  title: string;
  description: string | null;
  cadence: string | null;
  category: TaskCategoryId;
  order_index: number;
  is_completed: boolean;
  status: TaskStatus;
  notes: string | null;
}

export function starterTaskRecords(): NewTaskRecord[] {
  return STARTER_TASKS.map((task, i) => ({
    id: STARTER_IDS[i],
    title: task.title,
    description: task.description,
    cadence: task.cadence,
    category: STARTER_CATEGORY,
    order_index: i,
    is_completed: false,
    status: 'unchecked',
    notes: null,
  }));
}

function isDuplicateId(error: unknown): boolean {
  if (!(error instanceof ClientResponseError) || error.status !== 400) return false;
  const data = error.response?.data as { id?: { code?: string } } | undefined;
  return data?.id?.code === 'validation_not_unique';
}

let run: Promise<boolean> | null = null;

/**
 * Creates the starter tasks when `existing` (the first load) has no food_beverage task; once per
 * page session. Resolves true when they were created. A failed run may be retried.
 */
export function ensureStarterTasks(
  existing: readonly Pick<Task, 'category'>[],
  create: (record: NewTaskRecord) => Promise<unknown>,
): Promise<boolean> {
  if (run) return run;
  if (existing.some((t) => t.category === STARTER_CATEGORY)) {
    // The first load decides: later loads in this session never create them.
    run = Promise.resolve(false);
    return run;
  }
  run = Promise.all(
    starterTaskRecords().map((record) =>
      create(record).catch((error: unknown) => {
        if (!isDuplicateId(error)) throw error;
      }),
    ),
  ).then(
    () => true,
    (error: unknown) => {
      run = null;
      throw error;
    },
  );
  return run;
}

/** Tests only: forget the page-session run. */
export function resetStarterTasksForTests(): void {
  run = null;
}
