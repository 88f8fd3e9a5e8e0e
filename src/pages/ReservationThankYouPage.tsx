import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function ReservationThankYouPage() {
  return (
    <PageHero title={'You\'re All Set'} intro={'Your reservation is confirmed. We sent the details to your email.'}>
      <ButtonLink href="/meetups-groups">View More Events</ButtonLink>
    </PageHero>
  );
}
