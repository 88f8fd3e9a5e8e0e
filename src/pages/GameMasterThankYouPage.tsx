import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function GameMasterThankYouPage() {
  return (
    <PageHero title={'Application Submitted!'} intro={'Thanks for applying. Our team reads every application and replies by email within a few days.'}>
      <ButtonLink href="/">Back to Home</ButtonLink>
    </PageHero>
  );
}
