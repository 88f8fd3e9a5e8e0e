import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatLongDate } from '../../lib/venueTime';
import { DateField } from './DateField';
import { Field } from './Field';
import { Form } from './Form';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useSchemaForm, type FirstError, type Schemas } from './useSchemaForm';

const TODAY = '2026-03-10';

function Dates({ isDateDisabled }: { isDateDisabled?: (iso: string) => boolean }) {
  const [value, setValue] = useState('');
  return (
    <Field id="d" label="Date" labelAs="span" labelId="d-label">
      <DateField id="d" labelId="d-label" value={value} onChange={setValue} todayIso={TODAY} isDateDisabled={isDateDisabled} dialogLabel="Choose a date" />
    </Field>
  );
}

async function openCalendar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Date Pick a date/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose a date' });
  // The month view is its own lazily loaded chunk: the first one can take a while on a busy machine.
  await within(dialog).findByRole('grid', {}, { timeout: 10_000 });
  return dialog;
}

describe('DateField', { timeout: 20_000 }, () => {
  it('disables days before the venue today and the days the form rules out', async () => {
    const user = userEvent.setup();
    render(<Dates isDateDisabled={(iso) => iso === '2026-03-12'} />);
    const dialog = await openCalendar(user);
    const day = (iso: string) => within(dialog).getByRole('button', { name: new RegExp(`^${formatLongDate(iso)}`) });
    expect(day('2026-03-09')).toHaveProperty('disabled', true);
    expect(day('2026-03-12')).toHaveProperty('disabled', true);
    expect(day(TODAY)).toHaveProperty('disabled', false);
  });

  /** Opens the calendar, presses `keys` and waits for it to close. */
  async function pressInCalendar(keys: string) {
    const user = userEvent.setup();
    render(<Dates />);
    await openCalendar(user);
    await user.keyboard(keys);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it('chooses a day with the keyboard, closes and returns focus to its button', async () => {
    await pressInCalendar('{ArrowRight}{Enter}');
    const trigger = screen.getByRole('button', { name: new RegExp(`^Date ${formatLongDate('2026-03-11')}`) });
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape', async () => {
    await pressInCalendar('{Escape}');
  });

  it('waits (disabled) until the venue today is known, as while hydrating', () => {
    render(<DateField id="x" labelId="x" value="" onChange={() => undefined} todayIso={null} dialogLabel="Choose a date" />);
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
  });
});

type Values = { name: string; email: string; message: string };
const pickInfluencer = (s: Schemas) => s.influencerSchema;

function Application({ onValid, onInvalid }: { onValid: (data: Values) => void; onInvalid: (first: FirstError<Values>) => void }) {
  const form = useSchemaForm<Values>({ defaultValues: { name: '', email: '', message: '' }, schema: pickInfluencer });
  return (
    <Form form={form} onValid={onValid} onInvalid={onInvalid} noValidate aria-label="Apply">
      <TextField id={form.idOf('name')} label="Name" error={form.errorOf('name')} {...form.register('name')} />
      <TextField id={form.idOf('email')} label="Email" error={form.errorOf('email')} {...form.register('email')} />
      <TextField id={form.idOf('message')} label="Message" error={form.errorOf('message')} {...form.register('message')} />
      <SubmitButton state="idle" label="Send" busyLabel="Sending..." />
    </Form>
  );
}

describe('Form on a zod schema from src/lib/rules', { timeout: 20_000 }, () => {
  it('reports the first failing rule, marks every failing field, focuses the first and clears a field as it changes', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    render(<Application onValid={onValid} onInvalid={onInvalid} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onInvalid.mock.calls[0]?.[0]).toMatchObject({ field: 'name', message: 'Name is required' });
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.type(name, 'Ada');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('hands the parsed (trimmed) values over once every rule passes', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Application onValid={onValid} onInvalid={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), '  Ada  ');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Message'), 'Board game reels for Brooklyn.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ada', email: 'ada@example.test', message: 'Board game reels for Brooklyn.' });
  });
});

describe('SubmitButton', () => {
  it('reads its label when idle or refused, and is enabled unless told otherwise', () => {
    const { rerender } = render(<SubmitButton state="idle" label="Reserve My Spot" busyLabel="Reserving..." />);
    expect(screen.getByRole('button', { name: 'Reserve My Spot' })).toHaveProperty('disabled', false);
    rerender(<SubmitButton state="refused" label="Reserve My Spot" busyLabel="Reserving..." />);
    expect(screen.getByRole('button', { name: 'Reserve My Spot' })).toHaveProperty('disabled', false);
    rerender(<SubmitButton state="idle" label="Reserve My Spot" busyLabel="Reserving..." disabled />);
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
  });

  it('is disabled and busy while sending, and disabled once saved on the device', () => {
    const { rerender } = render(<SubmitButton state="busy" label="Reserve My Spot" busyLabel="Reserving..." />);
    const busy = screen.getByRole('button', { name: 'Reserving...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    rerender(<SubmitButton state="queued" label="Send Inquiry" busyLabel="Sending..." queuedLabel="Saved: we'll send it" />);
    const queued = screen.getByRole('button', { name: "Saved: we'll send it" });
    expect(queued).toHaveProperty('disabled', true);
    expect(queued.getAttribute('aria-busy')).toBeNull();
  });
});
