import { useEffect, useState } from 'react';
import { venueNight } from '../../lib/venueTime';

/** The venue night (until 4:00, venueNight), checked each minute: the staff tablet stays open past midnight. */
export function useVenueNight(): string {
  const [night, setNight] = useState(() => venueNight());
  useEffect(() => {
    const timer = window.setInterval(() => setNight(venueNight()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return night;
}
