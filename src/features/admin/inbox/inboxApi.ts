/**
 * The requests inbox's data: private-event inquiries, influencer applications and monthly pass
 * confirmations, newest first, with the status and note staff keep on each (admin-only on the
 * server: pb_migrations/1763700600_inbox_status.js).
 */
import { pb } from '../../../lib/api/client';
import { BUDGET_OPTIONS, EVENT_TYPES } from '../../../lib/rules/limits';
import { INBOX_KINDS, type InboxCollection, type InboxStatus } from '../../../lib/rules/staff';
import { formatLongDate } from '../../../lib/venueTime';
import { venue } from '../../../content/venue';

/** A record of any of the three collections, as the API answers it. */
export type InboxRecord = Record<string, unknown> & { id: string; collectionName: string; created: string; status: InboxStatus | ''; note: string; name: string; email: string };

export interface InboxItem {
  id: string;
  collection: InboxCollection;
  created: string;
  status: InboxStatus;
  note: string;
  name: string;
  email: string;
  /** What the guest asked or confirmed, one line per fact. */
  details: string[];
  /** The reply's subject line (mailto link). */
  subject: string;
}

/** Requests of each kind loaded at once, newest first; "Load more" brings the next ones. */
export const INBOX_PAGE = 100;
/** The most of one kind a reload (after a reconnect) asks for at once: PocketBase's page limit. */
const RELOAD_MAX = 1000;

const labelOf = (list: readonly { id: string; label: string }[], id: unknown) => list.find((o) => o.id === id)?.label ?? '';
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function detailsOf(collection: InboxCollection, r: InboxRecord): string[] {
  if (collection === 'private_event_inquiries') {
    const people = typeof r.number_of_people === 'number' && r.number_of_people > 0 ? `${r.number_of_people} people` : '';
    const when = [str(r.preferred_date) ? formatLongDate(str(r.preferred_date)) : '', str(r.preferred_time)].filter(Boolean).join(', ');
    return [[labelOf(EVENT_TYPES, r.event_type), people, labelOf(BUDGET_OPTIONS, r.budget)].filter(Boolean).join(' · '), when, str(r.phone), str(r.message)].filter(Boolean);
  }
  if (collection === 'influencer_applications') return [str(r.message)];
  const people = typeof r.people === 'number' ? `${r.people} ${r.people === 1 ? 'person' : 'people'}` : '';
  const total = typeof r.total === 'number' ? `$${r.total.toFixed(2)}` : '';
  return [[str(r.date), str(r.time)].filter(Boolean).join(' at '), [people, total].filter(Boolean).join(' · ')].filter(Boolean);
}

const SUBJECTS: Record<InboxCollection, string> = {
  private_event_inquiries: `Your private event at ${venue.name}`,
  influencer_applications: `Your collab application to ${venue.name}`,
  pass_confirmations: `Your ${venue.name} monthly pass`,
};

export function toItem(r: InboxRecord): InboxItem | null {
  const kind = INBOX_KINDS.find((k) => k.collection === r.collectionName);
  if (!kind) return null;
  return {
    id: r.id,
    collection: kind.collection,
    created: r.created,
    status: r.status || 'new',
    note: str(r.note),
    name: str(r.name),
    email: str(r.email),
    details: detailsOf(kind.collection, r),
    subject: SUBJECTS[kind.collection],
  };
}

/** The reply link: the guest's address and the subject, filled in. */
export const mailtoOf = (item: Pick<InboxItem, 'email' | 'subject'>) => `mailto:${encodeURIComponent(item.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(item.subject)}`;

export const inboxApi = {
  /**
   * One kind's requests, newest first: `count` of them (at most RELOAD_MAX) older than `after` (the
   * oldest loaded, for "Load more"), and whether more remain (asked for one more than shown).
   */
  listKind: async (collection: InboxCollection, status: InboxStatus | '', count: number, after?: Pick<InboxItem, 'created' | 'id'>): Promise<{ items: InboxItem[]; more: boolean }> => {
    const limit = Math.min(count, RELOAD_MAX - 1);
    const filter = [
      status ? pb.filter('status = {:status}', { status }) : '',
      after ? pb.filter('(created < {:created} || (created = {:created} && id < {:id}))', { created: after.created, id: after.id }) : '',
    ].filter(Boolean).join(' && ');
    const page = await pb.collection(collection).getList<InboxRecord>(1, limit + 1, { sort: '-created,-id', filter, skipTotal: true, requestKey: null });
    const items = page.items.map(toItem).filter((i): i is InboxItem => i !== null);
    return { items: items.slice(0, limit), more: items.length > limit };
  },
  /** How many requests of every kind are still new. */
  countNew: async (): Promise<number> => {
    const counts = await Promise.all(INBOX_KINDS.map((k) => pb.collection(k.collection).getList(1, 1, { filter: 'status = "new"', fields: 'id', requestKey: null })));
    return counts.reduce((sum, c) => sum + c.totalItems, 0);
  },
  update: (item: Pick<InboxItem, 'collection' | 'id'>, patch: { status?: InboxStatus; note?: string }) =>
    pb.collection(item.collection).update<InboxRecord>(item.id, patch, { requestKey: null }),
};
