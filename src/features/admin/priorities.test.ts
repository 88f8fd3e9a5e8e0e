import { describe, expect, it } from 'vitest';
import { isListed, nextOrderIndex, orderPriorities } from './priorities';
import type { Priority } from './types';
import { recordCounter } from '../../../tests/support/fixtures';

const TODAY = '2026-11-23';

const nextRecord = recordCounter('p');
function p(overrides: Partial<Priority>): Priority {
  const { n, id, created } = nextRecord();
  return { id, priority_text: `Priority ${n}`, priority_date: TODAY, is_completed: false, order_index: 0, created, ...overrides };
}

const ids = (rows: Priority[]) => rows.map((r) => r.priority_text);

describe('isListed', () => {
  it("lists all of today's and the open ones of other days", () => {
    expect(isListed({ priority_date: TODAY, is_completed: true }, TODAY)).toBe(true);
    expect(isListed({ priority_date: TODAY, is_completed: false }, TODAY)).toBe(true);
    expect(isListed({ priority_date: '2026-11-22', is_completed: false }, TODAY)).toBe(true);
    expect(isListed({ priority_date: '2026-11-22', is_completed: true }, TODAY)).toBe(false);
  });
});

describe('orderPriorities', () => {
  it("puts today's first by order_index, then earlier days newest first", () => {
    const rows = [
      p({ priority_text: 'old', priority_date: '2026-11-01' }),
      p({ priority_text: 'yesterday 1', priority_date: '2026-11-22', order_index: 1 }),
      p({ priority_text: 'today 1', order_index: 1 }),
      p({ priority_text: 'yesterday 0', priority_date: '2026-11-22', order_index: 0 }),
      p({ priority_text: 'today 0', order_index: 0, is_completed: true }),
    ];
    expect(ids(orderPriorities(rows, TODAY))).toEqual(['today 0', 'today 1', 'yesterday 0', 'yesterday 1', 'old']);
  });

  it('breaks order_index ties by creation, oldest first, and leaves the input alone', () => {
    const later = p({ priority_text: 'later', created: '2026-11-23 12:00:00.000Z' });
    const earlier = p({ priority_text: 'earlier', created: '2026-11-23 09:00:00.000Z' });
    const input = [later, earlier];
    expect(ids(orderPriorities(input, TODAY))).toEqual(['earlier', 'later']);
    expect(input[0]).toBe(later);
  });
});

describe('nextOrderIndex', () => {
  it("counts only today's priorities", () => {
    expect(nextOrderIndex([p({}), p({ priority_date: '2026-11-22' }), p({})], TODAY)).toBe(2);
    expect(nextOrderIndex([], TODAY)).toBe(0);
  });
});
