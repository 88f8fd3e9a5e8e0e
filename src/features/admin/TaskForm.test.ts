import { describe, expect, it } from 'vitest';
import { nullIfBlank } from '../../lib/rules/fieldChecks';
import { taskFromForm } from './TaskForm';
import { groupTasks, nextOrderIndex } from './TaskManagement';
import type { Task } from './types';

describe('task form', () => {
  it('requires a title and stores empty description and cadence as null', () => {
    expect(taskFromForm({ title: '   ', description: '', cadence: '', category: 'finance' })).toEqual({
      ok: false,
      message: 'Task title is required',
    });
    expect(taskFromForm({ title: ' Pay rent ', description: '  ', cadence: '', category: 'finance' })).toEqual({
      ok: true,
      task: { title: 'Pay rent', description: null, cadence: null, category: 'finance' },
    });
    expect(nullIfBlank(' Weekly ')).toBe('Weekly');
  });
});

describe('task grouping', () => {
  const t = (id: string, category: Task['category'], order_index: number): Task => ({
    id,
    title: id,
    description: '',
    cadence: '',
    category,
    order_index,
    is_completed: false,
    status: 'unchecked',
    notes: '',
    created: `2026-11-2${order_index} 00:00:00.000Z`,
  });

  it('groups by the 14 categories in order, each by order_index', () => {
    const groups = groupTasks([t('b', 'finance', 2), t('a', 'finance', 1), t('c', 'legal_compliance', 0)]);
    expect(groups).toHaveLength(14);
    expect(groups[0]).toMatchObject({ id: 'legal_compliance', label: 'Legal & Compliance' });
    expect(groups.find((g) => g.id === 'finance')?.tasks.map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('puts a new task after the last one of its category', () => {
    const tasks = [t('a', 'finance', 0), t('b', 'finance', 4), t('c', 'staff_hr', 9)];
    expect(nextOrderIndex(tasks, 'finance')).toBe(5);
    expect(nextOrderIndex(tasks, 'email_sms')).toBe(0);
  });
});
