/**
 * A waitlist entry's place in line, written once: the links (server/waitlistlinks.go, the
 * entry's page) and the Go outbox (the "you're on the waitlist" mail) run this same query.
 */

/** Entries that still hold a place in line (an offer's hold counts as ahead of the waiting). */
export const LIVE_WAITLIST_STATUSES = ['waiting', 'offered'] as const;

export const isLiveWaitlistStatus = (status: string) => (LIVE_WAITLIST_STATUSES as readonly string[]).includes(status);

/**
 * How many live entries of the night are ahead of entry {:id} created at {:created} on {:date}
 * (its position is that + 1). One column, `ahead`; PocketBase's {:name} placeholders.
 */
/** SQL: the entry is still in line. */
export const LIVE_SQL = `status IN (${LIVE_WAITLIST_STATUSES.map((s) => `'${s}'`).join(', ')})`;

export const WAITLIST_POSITION_SQL =
  `SELECT COUNT(*) AS ahead FROM waitlist WHERE event_date = {:date} AND ${LIVE_SQL} ` +
  'AND (created < {:created} OR (created = {:created} AND id < {:id}))';
