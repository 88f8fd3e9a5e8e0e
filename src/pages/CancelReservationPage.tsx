import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function CancelReservationPage() {
  return (
    <PageHero title={'Cancel your reservation'} intro={'Plans changed? Cancel here and we will free your table for another group.'}>
      <ButtonLink href="/">Back to Home</ButtonLink>
    </PageHero>
  );
}
