import { ComedyHero, ReserveYourSeat, Testimonial } from '../features/content';

export default function ComedyLandingPage() {
  return (
    <>
      <ComedyHero />
      <ReserveYourSeat />
      <Testimonial />
    </>
  );
}
