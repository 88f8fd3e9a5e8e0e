/**
 * The form kit: every form's parts. A form is `useSchemaForm` (react-hook-form on a zod schema
 * from src/lib/rules, loaded lazily) + `Form`, its fields from Field/TextField/DateField/
 * TimeSlots/PartySizeStepper, and `useSubmission` + `SubmitButton` for sending through the outbox
 * (or `useBusy` + `SubmitButton` for a form that calls the server itself: the staff screens, with
 * `Form busy` and `FormMessage` for the server's answer to the whole form).
 */
export { Form, FormMessage, Honeypot, SubmitRow, type FormLook, type FormSize } from './Form';
export { Field, FieldBox, FieldError, FieldGroup, FieldRow, RequiredNote, controlAria, describedBy, fieldIds, type FieldProps } from './Field';
export { TextField, TextAreaField, SelectField, CharacterCount } from './TextField';
export { Options, type Choice } from './Options';
export { DateField, dateIconClass, type DateFieldProps } from './DateField';
export { FormDateField, type FormDateFieldProps } from './FormDateField';
export { TimeSlots } from './TimeSlots';
export { PartySizeStepper } from './PartySizeStepper';
export { SubmitButton } from './SubmitButton';
export { useSchemaForm, type SchemaForm, type Schemas, type FirstError } from './useSchemaForm';
export { useSubmission, type SubmissionResult, type SubmissionState } from './useSubmission';
export { useBusy } from './useBusy';
export { focusControl } from './focus';
export { useVenueToday } from '../../lib/calendarDates';
