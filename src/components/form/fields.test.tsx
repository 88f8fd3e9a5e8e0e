import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LIMITS, TIME_SLOTS } from '../../lib/rules/limits';
import { Field } from './Field';
import { PartySizeStepper } from './PartySizeStepper';
import { SelectField, TextAreaField, TextField } from './TextField';
import { useBusy } from './useBusy';
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

describe("a form's own look (the staff screens)", () => {
  it('keeps the label for screen readers only, places the field with its class, and replaces the control look', () => {
    render(<TextField id="n" label="New priority" hiddenLabel fieldClassName="row-field" controlClassName="staff-input" error="Too long" />);
    const input = screen.getByLabelText('New priority');
    expect(input.className).toBe('staff-input');
    expect(screen.getByText('New priority').className).toBe('visually-hidden');
    expect(input.closest('.row-field')).not.toBeNull();
    // The wiring stays the kit's.
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('n-error');
  });

  it("adds `className` to the kit's look, and a select with its own look keeps the browser's arrow", () => {
    render(
      <>
        <TextAreaField id="d" label="Description" className="tall" />
        <SelectField id="c" label="Category" controlClassName="staff-input">
          <option value="a">A</option>
        </SelectField>
        <SelectField id="k" label="Kind">
          <option value="a">A</option>
        </SelectField>
      </>,
    );
    const area = screen.getByLabelText('Description');
    expect(area.className.split(' ')).toHaveLength(3);
    expect(area.className).toMatch(/ tall$/);
    const own = screen.getByLabelText('Category');
    expect(own.className).toBe('staff-input');
    expect(own.parentElement?.querySelector('svg')).toBeNull();
    expect(screen.getByLabelText('Kind').parentElement?.querySelector('svg')).not.toBeNull();
  });
});

describe('Options', () => {
  it('lists a blank choice first, then strings or objects by their `id` or the key `by` names', () => {
    render(
      <>
        <SelectField id="t" label="Time" blank="No preference" options={['7pm', '8pm']} />
        <SelectField id="w" label="Day" options={[{ value: 1, label: 'Monday' }]} by="value" />
        <SelectField id="s" label="Status" options={[{ id: 'new', label: 'New' }]} />
      </>,
    );
    const values = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => [o.value, o.text]);
    expect(values('Time')).toEqual([['', 'No preference'], ['7pm', '7pm'], ['8pm', '8pm']]);
    expect(values('Day')).toEqual([['1', 'Monday']]);
    expect(values('Status')).toEqual([['new', 'New']]);
  });
});

describe('useBusy', () => {
  it('is busy while its work runs, idle again after it (also when it throws), and passes the result on', async () => {
    const { result } = renderHook(() => useBusy());
    expect(result.current.state).toBe('idle');
    let finish: (value: number) => void = () => undefined;
    let outcome: Promise<number> = Promise.resolve(0);
    act(() => {
      outcome = result.current.run(() => new Promise<number>((resolve) => (finish = resolve)));
    });
    expect(result.current).toMatchObject({ busy: true, state: 'busy' });
    await act(async () => finish(7));
    await expect(outcome).resolves.toBe(7);
    expect(result.current).toMatchObject({ busy: false, state: 'idle' });

    let failed: Promise<unknown> = Promise.resolve();
    await act(async () => {
      failed = result.current.run(() => Promise.reject(new Error('offline'))).catch((error: Error) => error.message);
      await failed;
    });
    await expect(failed).resolves.toBe('offline');
    expect(result.current.busy).toBe(false);
  });
});
