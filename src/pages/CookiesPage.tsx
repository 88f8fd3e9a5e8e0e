import { cookies } from '../content/legal';
import { LegalPage } from '../features/content';

export default function CookiesPage() {
  return <LegalPage doc={cookies} />;
}
