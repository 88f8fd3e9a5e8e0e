import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { notify } from '../../components/toast';
import { setOutboxTransport, type TransportResult } from '../outbox';
import { resetOutboxForTests } from '../outbox/testing';
import { RetryableError } from '../../lib/api/client';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { InfluencerForm } from './InfluencerForm';
import { InquiryForm } from './InquiryForm';
import { GUESTS, INQUIRY_CHOICES } from '../../../tests/support/fixtures';

vi.mock('../../components/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() }, preloadToasts: () => Promise.resolve() }));

type Call = { collection: string; body: Record<string, unknown> };

function fakeServer() {
  const calls: Call[] = [];
  let mode: 'ok' | 'down' | 'reject' | 'hold' | 'restoring' = 'ok';
  let release: (() => void) | null = null;
  let rejection: TransportResult = { status: 'rejected', message: '', fieldErrors: {} };
  const transport = async (collection: string, body: Record<string, unknown>): Promise<TransportResult> => {
    calls.push({ collection, body });
    if (mode === 'hold') await new Promise<void>((r) => (release = r));
    if (mode === 'down') throw new Error('Server error (500)');
    if (mode === 'restoring') {
      mode = 'ok'; // the restored server takes the next try
      throw new RetryableError(BACKUP_MESSAGES.restoring, 503, undefined, 1_000);
    }
    if (mode === 'reject') return rejection;
    return { status: 'delivered', id: String(body.id) };
  };
  return {
    calls,
    transport,
    set: (m: typeof mode) => (mode = m),
    rejectWith: (r: TransportResult) => (rejection = r),
    release: () => release?.(),
  };
}

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  server = fakeServer();
  setOutboxTransport(server.transport);
  setOnline(true);
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
});

afterEach(async () => {
  await resetOutboxForTests();
  setOnline(true);
});

function renderAt(ui: React.ReactNode, path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {ui}
    </Router>,
  );
  return memory;
}

async function fillInquiry(user: ReturnType<typeof userEvent.setup>, extra: { people?: string } = {}) {
  await user.type(screen.getByLabelText(/^Name/), 'Katherine Johnson');
  await user.type(screen.getByLabelText(/^Email/), 'katherine@example.test');
  await user.type(screen.getByLabelText(/^Phone/), '(718) 555-0199');
  await user.selectOptions(screen.getByLabelText(/^Event type/), 'Birthday Party');
  if (extra.people) await user.type(screen.getByLabelText(/^Number of people/), extra.people);
  await user.selectOptions(screen.getByLabelText(/^Budget/), '$1,000 – $2,500');
  await user.selectOptions(screen.getByLabelText(/^Preferred time/), '8:00 PM');
  await user.type(screen.getByLabelText(/^Additional Details/), 'A 30th birthday with board games.');
}

describe('Plan Your Event form', () => {
  it('offers the ten event types and seven budgets with readable labels', () => {
    renderAt(<InquiryForm />, '/private-events');
    const types = screen.getByLabelText(/^Event type/) as HTMLSelectElement;
    const budgets = screen.getByLabelText(/^Budget/) as HTMLSelectElement;
    expect([...types.options].slice(1).map((o) => o.textContent)).toEqual([
      'Corporate Event',
      'Wedding',
      'Birthday Party',
      'Game Night',
      'Mixer',
      'Meetup',
      'Artist Showcase',
      'Screening',
      'Film Shoot',
      'Other',
    ]);
    expect(budgets.options).toHaveLength(8);
  });

  it('marks every required field with its message, tied to the field, and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt(<InquiryForm />, '/private-events');
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    const name = screen.getByLabelText(/^Name/);
    // Validation waits for the lazily loaded schemas (a dynamic import) on the first submit.
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Phone number is required');
    expect(screen.getByLabelText(/^Additional Details/)).toHaveAccessibleDescription(/Please tell us a little about your event/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(server.calls).toHaveLength(0);
  });

  it('sends the record once and goes to the thank-you page with the email', async () => {
    const user = userEvent.setup();
    const memory = renderAt(<InquiryForm />, '/private-events');
    await fillInquiry(user, { people: '25' });
    server.set('hold');
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await act(async () => server.release());
    await waitFor(() => expect(memory.history.at(-1)).toBe('/private-events/thank-you?email=katherine%40example.test'));
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.collection).toBe('private_event_inquiries');
    expect(server.calls[0]!.body).toMatchObject({
      ...GUESTS.katherine,
      ...INQUIRY_CHOICES,
      preferred_time: '8:00 PM',
      message: 'A 30th birthday with board games.',
      website: '',
    });
    expect(server.calls[0]!.body.id).toMatch(/^[a-z0-9]{15}$/);
  });

  it('shows a friendly note above 60 guests, not an error, and still sends', async () => {
    const user = userEvent.setup();
    const memory = renderAt(<InquiryForm />, '/private-events');
    await fillInquiry(user, { people: '80' });
    const people = screen.getByLabelText(/^Number of people/);
    expect(people).not.toHaveAttribute('aria-invalid');
    expect(people).toHaveAccessibleDescription(/holds up to 60 guests/);
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    await waitFor(() => expect(memory.history.at(-1)).toMatch(/^\/private-events\/thank-you/));
    expect(server.calls[0]!.body.number_of_people).toBe(80);
  });

  it('on a server failure shows the spec message, re-enables the form and retries with the same id', async () => {
    const user = userEvent.setup();
    const memory = renderAt(<InquiryForm />, '/private-events');
    await fillInquiry(user);
    server.set('down');
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error', 'Failed to send inquiry. Please try again.'));
    const button = screen.getByRole('button', { name: 'Send Inquiry' });
    expect(button).toBeEnabled();
    expect(screen.getByLabelText(/^Name/)).toBeEnabled();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Katherine Johnson');
    expect(memory.history.at(-1)).toBe('/private-events');

    server.set('ok');
    await user.click(button);
    await waitFor(() => expect(memory.history.at(-1)).toMatch(/^\/private-events\/thank-you/));
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]!.body.id).toBe(server.calls[0]!.body.id);
  });

  it('shows the server’s own reason on the field it refused', async () => {
    const user = userEvent.setup();
    renderAt(<InquiryForm />, '/private-events');
    await fillInquiry(user);
    server.set('reject');
    server.rejectWith({ status: 'rejected', message: 'Please enter a valid phone number', fieldErrors: { phone: 'Please enter a valid phone number' } });
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Please enter a valid phone number'));
    expect(notify.error).toHaveBeenCalledWith('Error', 'Please enter a valid phone number');
  });

  /** Fills in a valid inquiry, sends it after `before` (offline, or a server restoring), and waits for it to be saved on the device. */
  async function sendInquiryToBeSaved(before: () => void) {
    const user = userEvent.setup();
    const memory = renderAt(<InquiryForm />, '/private-events');
    await fillInquiry(user);
    before();
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    expect(await screen.findByRole('heading', { name: 'Saved on this device' })).toBeInTheDocument();
    return memory;
  }

  it('offline, says plainly the inquiry is saved on this device and sends it when the connection returns', async () => {
    const memory = await sendInquiryToBeSaved(() => setOnline(false));
    expect(screen.getByText(/hasn't been sent yet.*saved on this device.*sent automatically when your connection returns/)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);

    setOnline(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(memory.history.at(-1)).toBe('/private-events/thank-you?email=katherine%40example.test'));
    expect(server.calls).toHaveLength(1);
  });

  it('during a restore keeps the inquiry, says why instead of failing, and sends it after the Retry-After', async () => {
    const memory = await sendInquiryToBeSaved(() => server.set('restoring'));
    expect(screen.getByText(BACKUP_MESSAGES.restoring)).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
    await waitFor(() => expect(memory.history.at(-1)).toBe('/private-events/thank-you?email=katherine%40example.test'), { timeout: 4_000 });
    expect(server.calls.map((c) => c.body.id)).toEqual([server.calls[0]!.body.id, server.calls[0]!.body.id]);
  }, 15_000);
});

describe('Local Influencer Collabs form', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, message: string) {
    await user.type(screen.getByLabelText('Name'), 'Hedy Lamarr');
    await user.type(screen.getByLabelText('Email'), 'hedy@example.test');
    await user.type(screen.getByLabelText('Tell us about you'), message);
  }

  it("refuses a 9-character message with a 'Validation error' toast and sends nothing", async () => {
    const user = userEvent.setup();
    renderAt(<InfluencerForm />, '/game-master');
    await fill(user, '123456789');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(notify.error).toHaveBeenCalledWith('Validation error', 'Message must be at least 10 characters');
    const message = screen.getByLabelText('Tell us about you');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(/Message must be at least 10 characters/);
    expect(server.calls).toHaveLength(0);
  });

  it('toasts the first failing message in field order', async () => {
    const user = userEvent.setup();
    renderAt(<InfluencerForm />, '/game-master');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(notify.error).toHaveBeenCalledWith('Validation error', 'Name is required');
  });

  /** Fills in a valid application and sends it to a server in `mode`; returns the router's memory. */
  async function applyWith(mode: Parameters<typeof server.set>[0]) {
    const user = userEvent.setup();
    const memory = renderAt(<InfluencerForm />, '/game-master');
    await fill(user, 'I post weekly board game reels to 20k followers.');
    server.set(mode);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    return memory;
  }

  it('on success toasts and goes to the thank-you page', async () => {
    const memory = await applyWith('hold');
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await act(async () => server.release());
    await waitFor(() => expect(memory.history.at(-1)).toBe('/game-master/thank-you'));
    expect(notify.success).toHaveBeenCalledWith('Application submitted!', "We'll be in touch soon.");
    expect(server.calls[0]!.collection).toBe('influencer_applications');
    expect(server.calls[0]!.body).toMatchObject({ name: 'Hedy Lamarr', email: 'hedy@example.test', website: '' });
  });

  it('during a restore keeps the application, says why instead of failing, and sends it after the Retry-After', async () => {
    const memory = await applyWith('restoring');
    expect(await screen.findByRole('heading', { name: 'Saved on this device' })).toBeInTheDocument();
    expect(screen.getByText(BACKUP_MESSAGES.restoring)).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
    await waitFor(() => expect(memory.history.at(-1)).toBe('/game-master/thank-you'), { timeout: 4_000 });
    expect(server.calls.map((c) => c.body.id)).toEqual([server.calls[0]!.body.id, server.calls[0]!.body.id]);
  }, 15_000);

  it('on a failure shows the spec message and stays on the page', async () => {
    const memory = await applyWith('down');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error', 'Failed to submit application. Please try again.'));
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    expect(memory.history.at(-1)).toBe('/game-master');
  });
});
