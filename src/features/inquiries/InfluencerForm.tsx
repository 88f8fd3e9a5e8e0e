import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { CharacterCount, FieldGroup, FieldRow, Form, Honeypot, SubmitButton, SubmitRow, TextAreaField, TextField, useSchemaForm, useSubmission, type Schemas } from '../../components/form';
import { notify, preloadToasts } from '../../components/toast';
import { venue } from '../../content/venue';
import { FAILURE_MESSAGES, LIMITS, SUCCESS_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { loadSchemas } from '../../lib/rules/loadSchemas';
import type { InfluencerInput } from '../../lib/rules/schemas';
import { preloadOutbox } from '../outbox';
import { QueuedNotice } from './QueuedNotice';
import { discardQueued, guestFormProps, useQueuedSubmission } from './useOutboxForm';
import { INQUIRY_FORM_PARTS } from './formParts';

export const INFLUENCER_COLLECTION = 'influencer_applications';
export const APPLICATION_THANK_YOU = '/game-master/thank-you';

const FIELDS = ['name', 'email', 'message'] as const;
type Values = { name: string; email: string; message: string; website: string };

const pickSchema = (s: Schemas) => s.influencerSchema;
const FORM_DEPENDENCIES = [loadSchemas, preloadOutbox, preloadToasts];
const MESSAGE_HINT = `Links to your channels, your audience and the kind of content you'd make with us (at least ${LIMITS.messageMin} characters).`;

/** Only the messages of this form's own fields. */
function ownErrors(fieldErrors: Record<string, string>): Partial<Record<string, string>> {
  return Object.fromEntries(FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]]));
}

/**
 * 'Local Influencer Collabs' application (SPEC §2, §5, §8), on the form kit: name, email,
 * message. Validation failures show a 'Validation error' toast with the first failing message and
 * mark the fields. Stores an influencer_applications record through the outbox; the server mails
 * the team and the applicant.
 */
export function InfluencerForm({ headingId }: { headingId?: string }) {
  const [, navigate] = useLocation();
  const submitRef = useRef<HTMLButtonElement>(null);
  const form = useSchemaForm<Values, InfluencerInput>({ defaultValues: { name: '', email: '', message: '', website: '' }, schema: pickSchema });
  const submission = useSubmission(INFLUENCER_COLLECTION, { whenUnreachable: 'fail' });
  // Saved on this device: its outbox id, and whether a restore is why (QueuedNotice says so).
  const [queued, setQueued] = useState<{ id: string; restoring: boolean } | null>(null);
  const message = useWatch({ control: form.control, name: 'message' });

  const succeed = () => {
    notify.success(TOAST_TITLES.influencerSuccess, SUCCESS_MESSAGES.influencer);
    navigate(APPLICATION_THANK_YOU);
  };

  useQueuedSubmission(queued?.id ?? null, {
    onDelivered: succeed,
    onRejected: (reason, fieldErrors) => {
      if (queued) void discardQueued(queued.id);
      setQueued(null);
      submission.reset();
      notify.error(TOAST_TITLES.influencerValidation, reason || FAILURE_MESSAGES.influencer);
      form.showErrors(ownErrors(fieldErrors), { focus: true });
    },
  });

  const onValid = async (data: InfluencerInput) => {
    const body = { ...data, website: form.getValues('website'), event_source_url: window.location.href.slice(0, LIMITS.urlMax) };
    const result = await submission.submit(body, `Influencer application · ${data.name}`);
    if (result.kind === 'delivered') return succeed();
    if (result.kind === 'queued') return setQueued({ id: result.id, restoring: result.restoring === true });
    if (result.kind === 'refused' && FIELDS.some((f) => result.fieldErrors[f])) {
      notify.error(TOAST_TITLES.influencerValidation, result.message);
      form.showErrors(ownErrors(result.fieldErrors), { focus: true });
      return;
    }
    notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.influencer);
    window.setTimeout(() => submitRef.current?.focus(), 0);
  };

  if (queued) {
    const edit = () => {
      void discardQueued(queued.id);
      setQueued(null);
      submission.reset();
    };
    return <QueuedNotice what="application" restoring={queued.restoring} onEdit={edit} />;
  }

  const text = (f: (typeof FIELDS)[number]) => ({ id: form.idOf(f), error: form.errorOf(f), ...form.register(f) });
  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={({ message: first }) => notify.error(TOAST_TITLES.influencerValidation, first)}
      {...guestFormProps(submission.busy, FORM_DEPENDENCIES, headingId)}
      data-testid="influencer-form"
      data-part={INQUIRY_FORM_PARTS.influencer}
    >
      <FieldGroup legend="Your application" disabled={submission.busy}>
        <FieldRow>
          <TextField {...text('name')} label="Name" autoComplete="name" required />
          <TextField {...text('email')} label="Email" type="email" inputMode="email" autoComplete="email" required />
        </FieldRow>
        <TextAreaField
          {...text('message')}
          label="Tell us about you"
          hint={MESSAGE_HINT}
          rows={6}
          required
          placeholder="I make board game reels for 12k followers in Brooklyn…"
          count={<CharacterCount value={message} min={LIMITS.messageMin} max={LIMITS.messageMax} />}
        />
        <Honeypot id={form.idOf('website')} label="Website (leave this empty)" register={form.register('website')} />
      </FieldGroup>
      <SubmitRow
        fineprint={
          <>
            We reply by email {venue.influencer.replyPromise}. Questions? <a href={`mailto:${venue.contact.collabEmail}`}>{venue.contact.collabEmail}</a>
          </>
        }
      >
        <SubmitButton ref={submitRef} state={submission.state} size="lg" block label="Submit Application" busyLabel="Submitting..." />
      </SubmitRow>
    </Form>
  );
}
