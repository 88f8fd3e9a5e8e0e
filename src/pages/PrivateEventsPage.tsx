import { EventMenu, OccasionCards, OurSpace, PlanYourEvent, PrivateEventsHero, WhatWeOffer } from '../features/inquiries';

export default function PrivateEventsPage() {
  return (
    <>
      <PrivateEventsHero />
      <OccasionCards />
      <OurSpace />
      <WhatWeOffer />
      <EventMenu />
      <PlanYourEvent />
    </>
  );
}
