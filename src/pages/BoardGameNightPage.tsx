import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function BoardGameNightPage() {
  return (
    <PageHero title={'Free Board Game Night in Brooklyn'} intro={'Reserve a free table for tonight or any night: 500+ board games, video games on a big screen, outdoor-style games and a full bar. Tables are limited every night.'}>
      <ButtonLink href="/meetups-groups">See game nights</ButtonLink>
    </PageHero>
  );
}
