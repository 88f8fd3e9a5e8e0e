/**
 * A public create's request before its form rules: PocketBase's duplicate answer, and the
 * honeypot's pretend success. What the request itself gets wrong is create-plan.ts's requestErrors.
 */
import * as Log from './logging';
import { honeypotAnswer } from './create-plan';
import type { Body } from './request-body';

/** PocketBase's own answer to a create whose id is taken: nothing is stored or sent. */
export const DUPLICATE_ANSWER = {
  status: 400,
  message: 'Failed to create record.',
  data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } },
};

export function duplicate(e: core.RecordRequestEvent): void {
  return e.json(400, DUPLICATE_ANSWER);
}

/** A filled honeypot: answer like a successful create, store and send nothing. */
export function honeypot(e: core.RecordRequestEvent, collection: string, body: Body): void {
  Log.log().info('honeypot field filled; create ignored', 'collection', collection, 'ip', e.realIP());
  return e.json(200, honeypotAnswer(e.collection ? e.collection.id : '', collection, body));
}
