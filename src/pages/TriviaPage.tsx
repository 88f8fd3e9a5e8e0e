import { ButtonLink } from '../components/Button';
import { PageHero } from '../components/PageHero';

export default function TriviaPage() {
  return (
    <PageHero title={'Movie & Music Trivia'} intro={'Movie Trivia every Friday and Music Trivia every Saturday at 10PM. Free to play: bring a team of 2 to 6 and reserve your spot.'}>
      <ButtonLink href="/meetups-groups">See all events</ButtonLink>
    </PageHero>
  );
}
