/** The date fields' month view (react-day-picker), its own chunk: loaded when a date field is reached. */
export const loadDateCalendar = () => import('./DateCalendar');
