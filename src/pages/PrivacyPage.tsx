import { privacy } from '../content/legal';
import { LegalPage } from '../features/content';

export default function PrivacyPage() {
  return <LegalPage doc={privacy} />;
}
