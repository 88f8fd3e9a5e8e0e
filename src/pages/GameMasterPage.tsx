import { GameMasterHero, InfluencerApplication } from '../features/inquiries';

export default function GameMasterPage() {
  return (
    <>
      <GameMasterHero />
      <InfluencerApplication />
    </>
  );
}
