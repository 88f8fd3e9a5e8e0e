/// <reference path="../../pb_data/types.d.ts" />
/**
 * The hooks' library, one module per job:
 *   lib/public-create.js  public creates: validation, event and capacity checks, record + jobs
 *   lib/capacity.js       seats per night and the one capacity check (creates and staff edits)
 *   lib/outbox.js         queueing outbox jobs and the staff requeue guard (the Go outbox sends)
 *   lib/transports.js     whether Meta's Conversions API is configured
 *   lib/util.js           environment, datetimes, redacted errors, request bodies, refusals
 * This file gathers them under the names hooks have always required from lib/server.js.
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);
const C = require(`${__hooks}/lib/capacity.js`);
const O = require(`${__hooks}/lib/outbox.js`);
const P = require(`${__hooks}/lib/public-create.js`);

module.exports = {
  S,
  env: U.env,
  stamp: U.stamp,
  siteUrl: U.siteUrl,
  rejectFields: U.rejectFields,
  CANCEL_TOKEN_LENGTH: U.CANCEL_TOKEN_LENGTH,
  cancelSummary: U.cancelSummary,
  handleCreate: P.handleCreate,
  nightAvailability: C.nightAvailability,
  checkSeats: C.checkSeats,
  enqueue: O.enqueue,
  guardOutboxUpdate: O.guardOutboxUpdate,
};
