/**
 * The requests inbox through the staff query client (issue 31): a request that arrives while the
 * list loads is kept, a live change lands in the cached list, and an answer for filters since
 * changed is never shown over the new ones.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxCollection } from '../../../lib/rules/staff';
import type { InboxItem, InboxRecord } from './inboxApi';

/** Each kind's request waits until the test answers it. */
const calls: { kind: InboxCollection; answer: (items: InboxItem[]) => void }[] = [];
const listKind = vi.hoisted(() => vi.fn());
vi.mock('./inboxApi', async (original) => ({ ...(await original<typeof import('./inboxApi')>()), inboxApi: { listKind, countNew: vi.fn(async () => 0), update: vi.fn() } }));
const realtime = vi.hoisted(() => ({ onChange: (_action: string, _record: unknown) => {}, onSynced: () => {} }));
vi.mock('../live', () => ({
  useRealtime: (collection: string, onChange: typeof realtime.onChange, onSynced: () => void) => {
    realtime.onChange = onChange;
    if (collection === 'pass_confirmations') realtime.onSynced = onSynced;
  },
}));

const { toItem } = await import('./inboxApi');
const { createStaffQueryClient } = await import('../data/queryClient');
const { useInbox } = await import('./useInbox');

let n = 0;
function record(name: string, collectionName: InboxCollection = 'private_event_inquiries'): InboxRecord {
  n += 1;
  return { id: `r${String(n).padStart(14, '0')}`, collectionName, created: `2026-11-20 10:00:${String(n).padStart(2, '0')}.000Z`, status: 'new', note: '', name, email: `${name}@example.test` };
}
const item = (r: InboxRecord) => toItem(r)!;

/** Answers every pending request: `items` for the kind that holds them, nothing for the others. */
async function answerAll(items: InboxItem[], only?: InboxCollection) {
  await waitFor(() => expect(calls.some((c) => !only || c.kind === only)).toBe(true));
  const due = calls.filter((c) => !only || c.kind === only);
  for (const call of due) calls.splice(calls.indexOf(call), 1);
  await act(async () => due.forEach((c) => c.answer(items.filter((i) => i.collection === c.kind))));
}

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
const names = (result: { current: { items: InboxItem[] } }) => result.current.items.map((i) => i.name);

beforeEach(() => {
  client = createStaffQueryClient();
  calls.length = 0;
  listKind.mockImplementation((kind: InboxCollection) => new Promise((resolve) => calls.push({ kind, answer: (items) => resolve({ items, more: false }) })));
});
afterEach(() => {
  client.clear();
  vi.clearAllMocks();
});

describe('the inbox through the staff query client', () => {
  it('loads once realtime is confirmed, keeps a request that arrives meanwhile, and takes live changes', async () => {
    const { result } = renderHook(() => useInbox(), { wrapper });
    expect(result.current.state).toBe('loading');
    expect(listKind).not.toHaveBeenCalled();
    act(() => realtime.onSynced());
    await waitFor(() => expect(calls).toHaveLength(3));
    const older = item(record('Older'));
    const arriving = record('Arriving', 'pass_confirmations');
    act(() => realtime.onChange('create', arriving));
    await answerAll([older]);
    await waitFor(() => expect(names(result)).toEqual(['Arriving', 'Older']));

    act(() => realtime.onChange('update', { ...arriving, status: 'replied' }));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('replied'));
    act(() => realtime.onChange('delete', arriving));
    await waitFor(() => expect(names(result)).toEqual(['Older']));
  });

  it('never shows the answer for filters since changed over the new ones', async () => {
    const { result } = renderHook(() => useInbox(), { wrapper });
    act(() => realtime.onSynced());
    await answerAll([item(record('Inquiry')), item(record('Pass', 'pass_confirmations'))]);
    await waitFor(() => expect(names(result)).toEqual(['Pass', 'Inquiry']));

    act(() => result.current.setFilters({ kind: 'pass_confirmations', status: '' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const [slow] = calls.splice(0, 1);
    act(() => result.current.setFilters({ kind: 'private_event_inquiries', status: '' }));
    // Until the new answer is in, the list shown stays the last one.
    expect(names(result)).toEqual(['Pass', 'Inquiry']);
    await answerAll([item(record('Inquiry 2'))], 'private_event_inquiries');
    await waitFor(() => expect(names(result)).toEqual(['Inquiry 2']));
    await act(async () => slow!.answer([item(record('Late pass', 'pass_confirmations'))]));
    expect(names(result)).toEqual(['Inquiry 2']);
  });
});
