import { terms } from '../content/legal';
import { LegalPage } from '../features/content';

export default function TermsPage() {
  return <LegalPage doc={terms} />;
}
