import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function PrivateEventsThankYouPage() {
  return (
    <PageHero title={'Inquiry Received!'} intro={'Thanks for your inquiry. Our events team will reply within 24 hours.'}>
      <ButtonLink href="/">Back to Home</ButtonLink>
    </PageHero>
  );
}
