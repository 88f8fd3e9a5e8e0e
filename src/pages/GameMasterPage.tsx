import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function GameMasterPage() {
  return (
    <PageHero title={'Local Influencer Collabs'} intro={'Are you a local creator? We pay local influencers to share board game nights with their audience. Tell us about yourself and we will reply by email within a few days.'}>
      <ButtonLink href="/">Back to home</ButtonLink>
    </PageHero>
  );
}
