import { BoardGameNight } from '../features/reservations';

export default function BoardGameNightPage() {
  return <BoardGameNight />;
}
