import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function MonthlyPassThankYouPage() {
  return (
    <PageHero title={'Monthly Pass active'} intro={'Your monthly pass is active: unlimited game nights for one month, valid for 30 days. It is not a subscription.'}>
      <ButtonLink href="/board-game-night">Back to Board Game Night</ButtonLink>
    </PageHero>
  );
}
