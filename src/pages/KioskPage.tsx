import { Kiosk } from '../features/kiosk';

/** /kiosk: rendered without the site shell (see App.tsx). */
export default function KioskPage() {
  return <Kiosk />;
}
