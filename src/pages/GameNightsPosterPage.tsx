import { Poster } from '../features/content';

export default function GameNightsPosterPage() {
  return <Poster />;
}
