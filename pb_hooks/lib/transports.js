/// <reference path="../../pb_data/types.d.ts" />
/**
 * Whether Meta's Conversions API is configured, asked by a public create before it queues a
 * conversion job (unconfigured: the job is queued already skipped). The sends themselves, SMTP
 * and Meta, are the Go outbox's (server/outbox/transports.go).
 */
const U = require(`${__hooks}/lib/util.js`);

/** Why conversion events are not sent ('' when Meta's Conversions API is configured). */
function conversionSkipReason() {
  if (U.env('META_PIXEL_ID') && U.env('META_ACCESS_TOKEN')) return '';
  return 'Meta Conversions API is not configured (set META_PIXEL_ID and META_ACCESS_TOKEN)';
}

module.exports = { conversionSkipReason };
