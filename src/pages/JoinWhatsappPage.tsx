import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function JoinWhatsappPage() {
  return (
    <PageHero title={'Join Our Game Night Group Chat'} intro={'Find players, hear about game nights first and never play alone: join the community group chat.'}>
      <ButtonLink href="/meetups-groups">See game nights</ButtonLink>
    </PageHero>
  );
}
