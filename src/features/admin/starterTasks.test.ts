import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STARTER_IDS, STARTER_TASKS, ensureStarterTasks, resetStarterTasksForTests, starterTaskRecords, type NewTaskRecord } from './starterTasks';

afterEach(() => resetStarterTasksForTests());

describe('starter tasks', () => {
  it('are eight food_beverage tasks with the spec cadences in order, one naming the 25 to 30 percent food cost target', () => {
    expect(STARTER_TASKS).toHaveLength(8);
    expect(STARTER_TASKS.map((t) => t.cadence)).toEqual([
      'Monthly review',
      'Quarterly vendor review',
      'Quarterly',
      'Monthly refresh',
      'Weekly',
      'Weekly',
      'Monthly',
      'Quarterly',
    ]);
    const mentions = STARTER_TASKS.filter((t) => /25\D{1,8}30 ?(%|percent)/.test(`${t.title} ${t.description}`));
    expect(mentions).toHaveLength(1);
    const records = starterTaskRecords();
    expect(records.every((t) => t.category === 'food_beverage' && t.status === 'unchecked' && t.is_completed === false)).toBe(true);
    expect(records.map((t) => t.order_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(STARTER_IDS).size).toBe(8);
    for (const id of STARTER_IDS) expect(id).toMatch(/^[a-z0-9]{15}$/);
  });

  it('are created once when food_beverage is empty, even when asked twice at once (StrictMode) and again later', async () => {
    const create = vi.fn(async (_r: NewTaskRecord) => ({}));
    const [first, second] = await Promise.all([
      ensureStarterTasks([{ category: 'finance' }], create),
      ensureStarterTasks([{ category: 'finance' }], create),
    ]);
    expect(first).toBe(true);
    expect(second).toBe(true);
    expect(await ensureStarterTasks([], create)).toBe(true);
    expect(create).toHaveBeenCalledTimes(8);
    expect(create.mock.calls.map(([r]) => r.id)).toEqual(STARTER_IDS);
  });

  it('are not created when food_beverage already has a task, nor later in the same session', async () => {
    const create = vi.fn(async () => ({}));
    expect(await ensureStarterTasks([{ category: 'food_beverage' }], create)).toBe(false);
    expect(await ensureStarterTasks([], create)).toBe(false);
    expect(create).not.toHaveBeenCalled();
  });

  it('count an id another device already created as done', async () => {
    const duplicate = new ClientResponseError({
      status: 400,
      response: { status: 400, message: 'Failed to create record.', data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } } },
    });
    const create = vi.fn(async (r: NewTaskRecord) => {
      if (r.id === STARTER_IDS[0]) throw duplicate;
      return {};
    });
    await expect(ensureStarterTasks([], create)).resolves.toBe(true);
  });

  it('may be retried after a failure', async () => {
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    await expect(ensureStarterTasks([], failing)).rejects.toThrow('offline');
    const create = vi.fn(async () => ({}));
    await expect(ensureStarterTasks([], create)).resolves.toBe(true);
    expect(create).toHaveBeenCalledTimes(8);
  });
});
