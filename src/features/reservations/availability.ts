// Moved to lib/api/availability (the kiosk reads it too). This re-export keeps the board game night
// form's import as it is while the form kit (src/components/form) rebuilds it; delete it then.
export { fetchAvailability, useAvailability, type AvailabilityState, type Night } from '../../lib/api/availability';
