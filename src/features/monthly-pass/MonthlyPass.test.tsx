import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setOutboxTransport, type TransportResult } from '../outbox';
import { resetOutboxForTests } from '../outbox/testing';
import { MonthlyPassDetails, MonthlyPassHero } from './MonthlyPass';
import { derivePassId } from './passId';
import { readPassReceipt } from './receipt';
import { resetPassConfirmationsForTests } from './usePassConfirmation';

const calls: Array<{ collection: string; body: Record<string, unknown> }> = [];
const stored = new Set<string>();

beforeEach(() => {
  calls.length = 0;
  stored.clear();
  resetPassConfirmationsForTests();
  setOutboxTransport(async (collection, body): Promise<TransportResult> => {
    calls.push({ collection, body });
    stored.add(String(body.id));
    return { status: 'delivered', id: String(body.id) };
  });
});

afterEach(() => resetOutboxForTests());

function Page({ query }: { query: string }) {
  const receipt = readPassReceipt(query);
  return (
    <StrictMode>
      <MonthlyPassHero receipt={receipt} />
      <MonthlyPassDetails receipt={receipt} />
    </StrictMode>
  );
}

const full = '?date=2026-12-05&time=7%3A00%20PM&people=1&cost=25&tax=2.22&email=alan%40example.test&name=Alan%20Turing';

describe('monthly pass receipt page', () => {
  it('shows the pass, the receipt and the rules, and records one confirmation with the derived id', async () => {
    render(<Page query={full} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Monthly Pass active' })).toBeInTheDocument();
    expect(screen.getByTestId('pass-line')).toHaveTextContent('Monthly Pass · 1 person');
    expect(screen.getByTestId('pass-tax')).toHaveTextContent('$2.22');
    expect(screen.getByTestId('pass-total')).toHaveTextContent('$27.22');
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/not a\s+subscription/);
    expect(text).toContain('Unlimited game nights');
    expect(text).toContain('valid for 30 days');
    expect(text).toMatch(/buy at least one item/i);
    expect(screen.getByText('gamenight')).toBeInTheDocument();
    expect(text).toContain('10% off comedy tickets');
    expect(text).toContain('10 Cooper Street, Brooklyn, NY 11207');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to Board Game Night' })).toHaveAttribute('href', '/board-game-night');

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("We've emailed a copy of this receipt to alan@example.test"));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.collection).toBe('pass_confirmations');
    const body = readPassReceipt(full).confirmation!;
    expect(calls[0]!.body).toEqual({ ...body, id: await derivePassId(body) });
    expect(calls[0]!.body).toMatchObject({ people: 1, cost: 25, tax: 2.22, total: 27.22, date: 'Saturday, December 5, 2026' });
  });

  it('sends the same id again on a reload (the server treats it as a duplicate)', async () => {
    render(<Page query={full} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    resetPassConfirmationsForTests(); // a new page load
    render(<Page query={full} />);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body.id).toBe(calls[0]!.body.id);
    expect(stored.size).toBe(1);
  });

  it.each([
    ['nothing at all', ''],
    ['garbage values', '?date=undefined&time=NaN&people=NaN&cost=abc&tax=undefined&email=nope&name='],
    ['a missing name', full.replace('&name=Alan%20Turing', '')],
    ['too many people', full.replace('people=1', 'people=50')],
  ])('with %s renders the receipt without sending anything or showing NaN/undefined', async (_label, query) => {
    render(<Page query={query} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Monthly Pass active' })).toBeInTheDocument();
    expect(screen.getByTestId('pass-receipt')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/haven't emailed a copy/);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/NaN|undefined|null|\$NaN/);
  });
});
