import { useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { CharacterCount, FormDateField, FieldGroup, FieldRow, Form, Honeypot, RequiredNote, SelectField, SubmitButton, SubmitRow, TextAreaField, TextField, useSchemaForm, useSubmission, useVenueToday, type Schemas } from '../../components/form';
import { notify, preloadToasts } from '../../components/toast';
import { venue } from '../../content/venue';
import { BUDGET_OPTIONS, EVENT_TYPES, FAILURE_MESSAGES, LIMITS, TOAST_TITLES } from '../../lib/rules/limits';
import { loadDateCalendar } from '../../components/loadDateCalendar';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import { preloadOutbox } from '../outbox';
import { attributionFields } from '../attribution';
import { emptyInquiry, INQUIRY_COLLECTION, INQUIRY_FIELDS, inquiryLabel, inquiryThankYouHref, isLargeGroup, PREFERRED_TIMES, toInquiryBody, type InquiryFormInput, type InquiryValues } from './inquiry';
import { QueuedNotice } from './QueuedNotice';
import { discardQueued, guestFormProps, useQueuedSubmission } from './useOutboxForm';
import { INQUIRY_FORM_PARTS } from './formParts';

type Values = InquiryValues & { website: string };

const pickSchema = (s: Schemas) => s.makeInquirySchema();
const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts, loadDateCalendar];
const MESSAGE_HINT = 'What are you celebrating? Games, food and drinks, a screen or a mic: anything we should know.';

/** Only the messages of this form's own fields (a server answer may name others). */
function ownErrors(fieldErrors: Record<string, string>): Partial<Record<string, string>> {
  return Object.fromEntries(INQUIRY_FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]]));
}

/**
 * 'Plan Your Event': the private event inquiry (SPEC §2, §5, §7), on the form kit. Stores a
 * private_event_inquiries record through the outbox; the server mails the events team and
 * sends the guest an acknowledgement. Success goes to /private-events/thank-you?email=….
 */
export function InquiryForm({ headingId }: { headingId?: string }) {
  const [, navigate] = useLocation();
  const submitRef = useRef<HTMLButtonElement>(null);
  const form = useSchemaForm<Values, InquiryFormInput>({ defaultValues: { ...emptyInquiry, website: '' }, schema: pickSchema });
  const submission = useSubmission(INQUIRY_COLLECTION, { whenUnreachable: 'fail' });
  const [queued, setQueued] = useState<{ id: string; email: string; restoring: boolean } | null>(null);
  // null while prerendering and hydrating, so the HTML never disagrees with the browser's date.
  const todayIso = useVenueToday();
  const [people, message] = useWatch({ control: form.control, name: ['number_of_people', 'message'] });
  const failed = () => window.setTimeout(() => submitRef.current?.focus(), 0);

  useQueuedSubmission(queued?.id ?? null, {
    onDelivered: () => {
      if (queued) navigate(inquiryThankYouHref(queued.email));
    },
    onRejected: (reason, fieldErrors) => {
      if (queued) void discardQueued(queued.id);
      setQueued(null);
      submission.reset();
      notify.error(TOAST_TITLES.error, reason || FAILURE_MESSAGES.inquiry);
      form.showErrors(ownErrors(fieldErrors), { focus: true });
    },
  });

  const onValid = async (data: InquiryFormInput) => {
    const result = await submission.submit({ ...attributionFields(), ...toInquiryBody(data, form.getValues('website')) }, inquiryLabel(data));
    if (result.kind === 'delivered') return navigate(inquiryThankYouHref(data.email));
    if (result.kind === 'queued') return setQueued({ id: result.id, email: data.email, restoring: result.restoring === true });
    const known = result.kind === 'refused' ? ownErrors(result.fieldErrors) : {};
    if (result.kind === 'refused' && Object.keys(known).length) {
      notify.error(TOAST_TITLES.error, result.message);
      form.showErrors(known, { focus: true });
      return;
    }
    notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.inquiry);
    failed();
  };

  if (queued) {
    const edit = () => {
      void discardQueued(queued.id);
      setQueued(null);
      submission.reset();
    };
    return <QueuedNotice what="inquiry" restoring={queued.restoring} onEdit={edit} />;
  }

  const large = isLargeGroup(people);
  const field = <F extends keyof InquiryValues>(f: F, extra: { hint?: ReactNode; note?: ReactNode } = {}) => ({ id: form.idOf(f), error: form.errorOf(f), ...extra, ...form.register(f) });
  const largeNote = (
    <>
      Our space holds up to {LIMITS.privateEventMaxGuests} guests. Planning something bigger? Send your inquiry anyway and our events team will suggest
      options that fit your group.
    </>
  );

  return (
    <Form
      form={form}
      onValid={onValid}
      {...guestFormProps(submission.busy, FORM_DEPENDENCIES, headingId)}
      data-testid="inquiry-form"
      data-part={INQUIRY_FORM_PARTS.inquiry}
    >
      <FieldGroup legend="Your event inquiry" disabled={submission.busy}>
        <RequiredNote />
        <FieldRow>
          <TextField {...field('name')} label="Name" star autoComplete="name" required />
          <TextField {...field('email')} label="Email" star type="email" inputMode="email" autoComplete="email" required />
        </FieldRow>
        <FieldRow>
          <TextField {...field('phone')} label="Phone" star type="tel" inputMode="tel" autoComplete="tel" required />
          <SelectField {...field('event_type')} label="Event type" optional blank="Choose an event type" options={EVENT_TYPES} />
        </FieldRow>
        <FieldRow>
          <TextField
            {...field('number_of_people', large ? { note: largeNote } : { hint: `Up to ${LIMITS.privateEventMaxGuests} guests.` })}
            label="Number of people"
            optional
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 25"
          />
          <SelectField {...field('budget')} label="Budget" optional blank="Choose a budget" options={BUDGET_OPTIONS} />
        </FieldRow>
        <FieldRow>
          <FormDateField
            form={form}
            name="preferred_date"
            label="Preferred date"
            optional
            todayIso={todayIso}
            dialogLabel="Choose a preferred date"
            clearLabel="preferred date"
            disabled={submission.busy}
          />
          <SelectField {...field('preferred_time')} label="Preferred time" optional blank="No preference" options={PREFERRED_TIMES} />
        </FieldRow>
        <TextAreaField {...field('message', { hint: MESSAGE_HINT })} label="Additional Details" star rows={5} required count={<CharacterCount value={message} max={LIMITS.detailsMax} />} />
        <Honeypot id={form.idOf('website')} label="Website (leave this empty)" register={form.register('website')} />
      </FieldGroup>
      <SubmitRow
        fineprint={
          <>
            Our events team replies {venue.privateEvents.replyPromise}. Prefer email? Write to <a href={`mailto:${venue.contact.eventsEmail}`}>{venue.contact.eventsEmail}</a>.
          </>
        }
      >
        <SubmitButton ref={submitRef} state={submission.state} size="lg" block label="Send Inquiry" busyLabel="Sending..." data-testid="inquiry-submit" />
      </SubmitRow>
    </Form>
  );
}
