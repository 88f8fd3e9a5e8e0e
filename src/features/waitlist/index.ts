/**
 * Joining a full night's waitlist (issue 12), shared by the board game night form and the door
 * kiosk: the hook that offers and sends it and its two pieces of screen. The page behind the
 * waitlist's mail links is the reservations feature's (WaitlistEntry).
 */
export { useWaitlist, cannotFit, isCapacityRefusal, type WaitlistJoin, type WaitlistOutcome } from './useWaitlist';
export { WaitlistJoined, WaitlistOffer, loadQueuedWaitlist } from './WaitlistOffer';
