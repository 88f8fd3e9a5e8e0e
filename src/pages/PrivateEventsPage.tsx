import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function PrivateEventsPage() {
  return (
    <PageHero title={'Host Your Dream Event'} intro={'Birthdays, corporate events, weddings and parties for up to 60 guests, with games, craft cocktails and a full kitchen.'}>
      <ButtonLink href="/menu">View the menu</ButtonLink>
    </PageHero>
  );
}
