import { Trivia } from '../features/events';

export default function TriviaPage() {
  return <Trivia />;
}
