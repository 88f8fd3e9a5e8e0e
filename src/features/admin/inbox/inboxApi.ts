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

/** Newest requests of each kind loaded at once (older ones stay on the server). */
export const INBOX_PAGE = 100;

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

/** Newest first across the three kinds. */
export const byNewest = (a: InboxItem, b: InboxItem) => b.created.localeCompare(a.created);

export const inboxApi = {
  list: async (collections: readonly InboxCollection[], status: InboxStatus | ''): Promise<InboxItem[]> => {
    const filter = status ? pb.filter('status = {:status}', { status }) : '';
    const pages = await Promise.all(collections.map((c) => pb.collection(c).getList<InboxRecord>(1, INBOX_PAGE, { sort: '-created', filter, skipTotal: true, requestKey: null })));
    return pages.flatMap((p) => p.items.map(toItem).filter((i): i is InboxItem => i !== null)).sort(byNewest);
  },
  /** How many requests of every kind are still new. */
  countNew: async (): Promise<number> => {
    const counts = await Promise.all(INBOX_KINDS.map((k) => pb.collection(k.collection).getList(1, 1, { filter: 'status = "new"', fields: 'id', requestKey: null })));
    return counts.reduce((sum, c) => sum + c.totalItems, 0);
  },
  update: (item: Pick<InboxItem, 'collection' | 'id'>, patch: { status?: InboxStatus; note?: string }) =>
    pb.collection(item.collection).update<InboxRecord>(item.id, patch, { requestKey: null }),
};
