import { describe, expect, it } from 'vitest';
import type { InboxCollection } from '../../../lib/rules/staff';
import type { InboxItem } from './inboxApi';
import { applyLiveChange, mergeInbox, updatePages, type InboxPages } from './inboxPages';

const item = (collection: InboxCollection, id: string, minute: number): InboxItem => ({
  id,
  collection,
  created: `2026-11-20 20:${String(minute).padStart(2, '0')}:00.000Z`,
  status: 'new',
  note: '',
  name: id,
  email: `${id}@example.test`,
  details: [],
  subject: '',
});

// Inquiries every minute from :50 down to :41 (10 loaded, more on the server); applications at
// :55, :45 and :30, all loaded.
const inquiries = Array.from({ length: 10 }, (_, i) => item('private_event_inquiries', `q${50 - i}`, 50 - i));
const applications = [item('influencer_applications', 'a55', 55), item('influencer_applications', 'a45', 45), item('influencer_applications', 'a30', 30)];
const pages: InboxPages = {
  private_event_inquiries: { items: inquiries, more: true },
  influencer_applications: { items: applications, more: false },
};
const ids = (list: InboxItem[]) => list.map((i) => i.id);

describe('the inbox across kinds', () => {
  it('shows only what is newer than a kind that has more to load, newest first', () => {
    const merged = mergeInbox(pages);
    expect(merged.more).toBe(true);
    expect(ids(merged.items)).toEqual(['a55', 'q50', 'q49', 'q48', 'q47', 'q46', 'q45', 'a45', 'q44', 'q43', 'q42', 'q41']);
  });

  it('shows everything once no kind has more, and orders the same minute by id as the server', () => {
    const done = mergeInbox({ ...pages, private_event_inquiries: { items: inquiries, more: false } });
    expect(done.more).toBe(false);
    expect(ids(done.items).slice(-1)).toEqual(['a30']);
    const tie = mergeInbox({ private_event_inquiries: { items: [item('private_event_inquiries', 'b', 1), item('private_event_inquiries', 'c', 1)], more: false } });
    expect(ids(tie.items)).toEqual(['c', 'b']);
  });

  it('takes a live new request, and leaves one older than a kind\'s loading edge for "Load more"', () => {
    const added = applyLiveChange(pages, 'create', item('private_event_inquiries', 'q59', 59));
    expect(ids(mergeInbox(added).items)[0]).toBe('q59');
    const old = applyLiveChange(pages, 'update', item('private_event_inquiries', 'q12', 12));
    expect(old).toBe(pages);
    // A kind with nothing more to load takes it in its place.
    const oldApp = applyLiveChange(pages, 'update', item('influencer_applications', 'a10', 10));
    expect(ids(oldApp.influencer_applications!.items)).toEqual(['a55', 'a45', 'a30', 'a10']);
    const removed = applyLiveChange(pages, 'delete', inquiries[3]!);
    expect(ids(removed.private_event_inquiries!.items)).not.toContain('q47');
    expect(applyLiveChange(pages, 'delete', item('private_event_inquiries', 'gone', 1))).toBe(pages);
  });

  it('applies a saved change to the list it concerns', () => {
    const saved = updatePages(pages, (list) => list.map((i) => (i.id === 'q49' ? { ...i, status: 'replied' as const } : i)));
    expect(saved.private_event_inquiries!.items.find((i) => i.id === 'q49')?.status).toBe('replied');
    expect(saved.private_event_inquiries!.more).toBe(true);
  });
});
