export { EventsExplorer } from './EventsExplorer';
export { EventCalendar } from './EventCalendar';
export { EventRows } from './EventRows';
export { WeeklySchedule } from './WeeklySchedule';
export { useEvents } from './useEvents';
export { BUILD_SCHEDULE_ID, BuildScheduleContext, weeklyScheduleOf, type BuildSchedule } from './buildSchedule';
export * from './api';
export { MeetupsGroups } from './MeetupsGroups';
export { Trivia } from './Trivia';
