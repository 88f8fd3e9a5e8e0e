import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './Accordion';

const items = [
  { id: 'a', title: 'Is it free?', content: <p>Yes, entry is free.</p> },
  { id: 'b', title: 'Can I bring kids?', content: <p>21+ only.</p> },
];

describe('Accordion', () => {
  it('opens one item at a time and collapses the open one when chosen again', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'Is it free?' });
    const second = screen.getByRole('button', { name: 'Can I bring kids?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Yes, entry is free.')).toBeVisible();

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Yes, entry is free.')).toBeNull();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('21+ only.')).toBeNull();
  });

  it('is keyboard operable', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} headingLevel={2} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Is it free?' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Is it free?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });
});
