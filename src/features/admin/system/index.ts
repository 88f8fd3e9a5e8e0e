export { SystemView } from './SystemView';
export { MailHealthBanner } from './MailHealthBanner';
