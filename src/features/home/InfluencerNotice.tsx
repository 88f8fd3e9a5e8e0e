import { ActionPanel } from '../../components/ActionPanel';
import { ButtonLink } from '../../components/Button';
import { venue } from '../../content/venue';

export function InfluencerNotice() {
  return (
    <ActionPanel
      tone="pink"
      title="Local creator? Let's collaborate."
      actions={
        <ButtonLink href="/game-master" variant="secondary">
          Apply for a paid collab
        </ButtonLink>
      }
    >
      We pay local influencers to share game nights with their followers, and our own {venue.community.audienceClaim}{' '}
      audience gets to meet you. Tell us about your channel.
    </ActionPanel>
  );
}
