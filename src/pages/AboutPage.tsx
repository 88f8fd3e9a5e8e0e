import { AboutHero, CollabPrompt, OwnedByTheClub, PlanYourVisit, WhatMakesUsDifferent } from '../features/content';

export default function AboutPage() {
  return (
    <>
      <AboutHero />
      <WhatMakesUsDifferent />
      <OwnedByTheClub />
      <PlanYourVisit />
      <CollabPrompt />
    </>
  );
}
