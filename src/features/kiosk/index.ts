/** The walk-in reservation kiosk at the door (DESIGN.md §5). */
export { Kiosk } from './Kiosk';
