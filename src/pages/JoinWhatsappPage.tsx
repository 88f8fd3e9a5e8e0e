import { Benefits, HowItWorks, JoinSection, PhotoGrid, WhatYouGet, WhatsappHero } from '../features/content';

export default function JoinWhatsappPage() {
  return (
    <>
      <WhatsappHero />
      <Benefits />
      <HowItWorks />
      <WhatYouGet />
      <PhotoGrid />
      <JoinSection />
    </>
  );
}
