import type { ComponentProps } from 'react';
import { TextAreaField } from '../../components/form';
import tasks from './TaskManagement.module.css';

/** A staff form's optional text area across the whole form grid (a task's or an event's description). */
export function StaffTextArea(props: ComponentProps<typeof TextAreaField>) {
  return <TextAreaField optional fieldClassName={tasks.span2} controlClassName={`${tasks.input} ${tasks.textarea}`} {...props} />;
}
