/**
 * The waitlist's mails, rendered by the outbox worker from the entry when it sends them
 * (mail-renderers.ts MAIL_RENDERERS: waitlist_joined, waitlist_offer, waitlist_expired). Every link is
 * the entry's page, /waitlist/{token}; ?leave=1 asks to leave the line.
 */
import * as S from '../rules';
import * as U from './util';
import { position } from './waitlist-line';

function fields(r: core.Record): S.WaitlistMailInput {
  const page = `${U.siteUrl()}/waitlist/${r.getString('token')}`;
  return {
    name: r.getString('name'),
    event_date: r.getString('event_date'),
    event_time: r.getString('event_time'),
    party_size: r.getInt('party_size'),
    pageUrl: page,
    leaveUrl: `${page}?leave=1`,
  };
}

/** Minutes between an offer and the end of its hold (as written when it was made). */
function heldMinutes(r: core.Record): number {
  const ms = new Date(r.getString('offer_expires')).getTime() - new Date(r.getString('offered_at')).getTime();
  return Math.round(ms / 60000);
}

export type WaitlistMailKind = 'joined' | 'offer' | 'expired';

const RENDER: Record<WaitlistMailKind, (r: core.Record, app: CoreApp) => S.RenderedMail | null> = {
  // Out of line before the mail went (left, or already claimed): nothing to say about the line.
  joined: (r, app) => {
    const place = position(app, r);
    return place > 0 ? S.waitlistJoinedMail(Object.assign(fields(r), { position: place })) : null;
  },
  offer: (r) => S.waitlistOfferMail(Object.assign(fields(r), { offerExpires: r.getString('offer_expires'), holdMinutes: heldMinutes(r) })),
  expired: (r) => S.waitlistExpiredMail(fields(r)),
};

/** The mail `kind` (joined | offer | expired) of entry `r`, or null when there is nothing to send. */
export function render(kind: WaitlistMailKind, r: core.Record, app: CoreApp): S.RenderedMail | null {
  return RENDER[kind](r, app);
}
