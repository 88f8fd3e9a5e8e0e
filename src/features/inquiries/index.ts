/** Private event inquiries and influencer applications: the forms, their pages and thank-you screens. */
export { PrivateEventsHero, OccasionCards, OurSpace, WhatWeOffer, EventMenu, PlanYourEvent, PLAN_SECTION_ID } from './PrivateEvents';
export { GameMasterHero, InfluencerApplication } from './GameMaster';
export { InquiryThankYou, ApplicationThankYou, emailFromQuery } from './ThankYou';
export { InquiryForm } from './InquiryForm';
export { InfluencerForm } from './InfluencerForm';
