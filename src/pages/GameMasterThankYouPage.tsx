import { ApplicationThankYou } from '../features/inquiries';

export default function GameMasterThankYouPage() {
  return <ApplicationThankYou />;
}
