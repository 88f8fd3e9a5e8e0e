import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LIMITS, TIME_SLOTS } from '../../lib/rules/limits';
import { Field } from './Field';
import { PartySizeStepper } from './PartySizeStepper';
import { TextField } from './TextField';
import { TimeSlots } from './TimeSlots';

describe('Field and TextField', () => {
  it('labels the control and ties its hint and error to it', () => {
    render(<TextField id="f-name" label="Name" hint="As on your ID" error="Name is required" required star />);
    const input = screen.getByLabelText(/^Name/);
    expect(input.id).toBe('f-name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-name-error f-name-hint');
    expect(document.getElementById('f-name-error')?.textContent).toBe('Name is required');
    expect(document.getElementById('f-name-hint')?.textContent).toBe('As on your ID');
    expect(input).toHaveProperty('required', true);
  });

  it('is valid and undescribed without messages, and adds extra ids (seats left) to the description', () => {
    const { rerender } = render(<TextField id="f-email" label="Email" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    rerender(<TextField id="f-email" label="Email" describedBy="seats" />);
    expect(input.getAttribute('aria-describedby')).toBe('seats');
  });

  it('marks optional and required fields: the star is hidden from screen readers', () => {
    render(
      <>
        <Field id="a" label="Phone" optional>
          <input id="a" />
        </Field>
        <Field id="b" label="Email" required>
          <input id="b" />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Phone (optional)')).toBeTruthy();
    const star = screen.getByText('*');
    expect(star.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a hint only while the field is valid when asked', () => {
    const { rerender } = render(
      <Field id="p" label="People" hintWhenValid="1 to 20 people.">
        <input id="p" />
      </Field>,
    );
    expect(screen.queryByText('1 to 20 people.')).not.toBeNull();
    rerender(
      <Field id="p" label="People" hintWhenValid="1 to 20 people." error="Maximum 20 people">
        <input id="p" />
      </Field>,
    );
    expect(screen.queryByText('1 to 20 people.')).toBeNull();
    expect(screen.getByText('Maximum 20 people')).toBeTruthy();
  });
});

function Stepper({ initial = '1' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="people">Number of people</label>
      <PartySizeStepper id="people" value={value} onChange={setValue} />
    </>
  );
}

describe('PartySizeStepper', () => {
  it('starts at the minimum with "fewer" disabled, and stops at the maximum', async () => {
    const user = userEvent.setup();
    render(<Stepper initial={String(LIMITS.partySizeMax - 1)} />);
    const more = screen.getByRole('button', { name: 'One person more' });
    await user.click(more);
    expect(screen.getByLabelText('Number of people')).toHaveProperty('value', String(LIMITS.partySizeMax));
    expect(more).toHaveProperty('disabled', true);
  });

  it('never goes below the minimum', () => {
    render(<Stepper />);
    expect(screen.getByRole('button', { name: 'One person fewer' })).toHaveProperty('disabled', true);
  });

  it('steps with the arrow keys inside the range, and keeps only digits when typed', async () => {
    const user = userEvent.setup();
    render(<Stepper />);
    const input = screen.getByLabelText('Number of people');
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveProperty('value', '3');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveProperty('value', String(LIMITS.partySizeMin));
    await user.clear(input);
    await user.type(input, '2x5');
    expect(input).toHaveProperty('value', '25');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveProperty('value', String(LIMITS.partySizeMax));
  });
});

function Slots({ size }: { size?: 'md' | 'lg' }) {
  const [value, setValue] = useState('');
  return <TimeSlots value={value} onChange={setValue} size={size} firstInputId="first" />;
}

describe('TimeSlots', () => {
  it('offers the 12 half-hour slots as one radio group', () => {
    render(<Slots />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual([...TIME_SLOTS]);
    expect(screen.getByRole('group', { name: 'Arrival time' })).toBeTruthy();
    expect(radios[0]?.id).toBe('first');
  });

  it('is chosen with the keyboard: Space picks, arrows move', async () => {
    const user = userEvent.setup();
    render(<Slots />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: TIME_SLOTS[0] }));
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: TIME_SLOTS[0] })).toHaveProperty('checked', true);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: TIME_SLOTS[1] })).toHaveProperty('checked', true);
  });

  it('takes the kiosk size from a prop, and describes itself by its error while invalid', () => {
    render(<TimeSlots value="" onChange={() => undefined} size="lg" invalid errorId="slot-error" />);
    const group = screen.getByRole('group', { name: 'Arrival time' });
    expect(group.getAttribute('data-size')).toBe('lg');
    expect(group.getAttribute('aria-describedby')).toBe('slot-error');
  });
});
