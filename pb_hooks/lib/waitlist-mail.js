/// <reference path="../../pb_data/types.d.ts" />
/**
 * The waitlist's mails, rendered by the outbox worker from the entry when it sends them
 * (mail-renderers.js MAIL_RENDERERS: waitlist_joined, waitlist_offer, waitlist_expired). Every link is
 * the entry's page, /waitlist/{token}; ?leave=1 asks to leave the line.
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);
const W = require(`${__hooks}/lib/waitlist.js`);

function fields(r) {
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
function heldMinutes(r) {
  const ms = new Date(r.getString('offer_expires')).getTime() - new Date(r.getString('offered_at')).getTime();
  return Math.round(ms / 60000);
}

const RENDER = {
  // Out of line before the mail went (left, or already claimed): nothing to say about the line.
  joined: (r, app) => {
    const position = W.position(app, r);
    return position > 0 ? S.waitlistJoinedMail(Object.assign(fields(r), { position })) : null;
  },
  offer: (r) => S.waitlistOfferMail(Object.assign(fields(r), { offerExpires: r.getString('offer_expires'), holdMinutes: heldMinutes(r) })),
  expired: (r) => S.waitlistExpiredMail(fields(r)),
};

/** The mail `kind` (joined | offer | expired) of entry `r`, or null when there is nothing to send. */
function render(kind, r, app) {
  return RENDER[kind](r, app);
}

module.exports = { render };
