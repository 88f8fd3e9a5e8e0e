export { FeatureCards } from './FeatureCards';
export { HomeHero } from './HomeHero';
export { InfluencerNotice } from './InfluencerNotice';
export { ReservationCard } from './ReservationCard';
