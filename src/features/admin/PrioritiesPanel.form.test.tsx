import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewPriorityForm } from './PrioritiesPanel';
import { PriorityItem } from './PriorityItem';
import type { Priority } from './types';

const TODAY = '2026-11-23';

describe('new priority form (form kit)', () => {
  it('is labelled for screen readers only, with its placeholder and limit', () => {
    render(<NewPriorityForm onAdd={async () => true} />);
    const input = screen.getByLabelText('New priority');
    expect(input).toHaveAttribute('placeholder', 'Add a priority');
    expect(input).toHaveAttribute('maxlength', '1000');
    expect(screen.getByText('New priority')).toHaveClass('visually-hidden');
  });

  it('ignores empty or whitespace-only text: nothing is added and no message appears', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn(async () => true);
    render(<NewPriorityForm onAdd={onAdd} />);
    const input = screen.getByLabelText('New priority');
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(onAdd).not.toHaveBeenCalled();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(document.querySelector('[data-field-error]')).toBeNull();
  });

  it('adds the trimmed text once, disables Add meanwhile, then empties the field; a failed add keeps the text', async () => {
    const user = userEvent.setup();
    let finish: (saved: boolean) => void = () => undefined;
    const onAdd = vi.fn((_text: string) => new Promise<boolean>((resolve) => (finish = resolve)));
    render(<NewPriorityForm onAdd={onAdd} />);
    const input = screen.getByLabelText('New priority');
    await user.type(input, '  Restock the dice bag {Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith('Restock the dice bag'));
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.type(input, '{Enter}');
    finish(true);
    await waitFor(() => expect(input).toHaveValue(''));
    expect(onAdd).toHaveBeenCalledTimes(1);

    await user.type(input, 'Call the brewery{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(2));
    finish(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());
    expect(input).toHaveValue('Call the brewery');
  });
});

describe('priority inline editor (form kit)', () => {
  const item: Priority = { id: 'p1', priority_text: 'Restock the dice bag', priority_date: TODAY, is_completed: false, order_index: 0, created: '' } as Priority;

  function renderItem() {
    const onRename = vi.fn();
    render(
      <ul>
        <PriorityItem item={item} today={TODAY} onToggle={() => undefined} onRename={onRename} onDelete={() => undefined} />
      </ul>,
    );
    return onRename;
  }

  it('saves the trimmed text once on Enter (the blur that follows does not save again)', async () => {
    const user = userEvent.setup();
    const onRename = renderItem();
    await user.click(screen.getByRole('button', { name: /^Edit priority: ?Restock the dice bag$/ }));
    const input = screen.getByLabelText('Edit priority');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Restock the dice bag');
    await user.clear(input);
    await user.type(input, ' Restock the meeples {Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Edit priority')).toBeNull());
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(onRename).toHaveBeenCalledWith(item, 'Restock the meeples');
  });

  it('saves when the field loses focus, and ignores empty or unchanged text', async () => {
    const user = userEvent.setup();
    const onRename = renderItem();
    const edit = () => user.click(screen.getByRole('button', { name: /^Edit priority: ?Restock the dice bag$/ }));

    await edit();
    await user.clear(screen.getByLabelText('Edit priority'));
    await user.type(screen.getByLabelText('Edit priority'), '   ');
    await user.tab();
    await waitFor(() => expect(screen.queryByLabelText('Edit priority')).toBeNull());

    await edit();
    await user.tab();
    await waitFor(() => expect(screen.queryByLabelText('Edit priority')).toBeNull());
    expect(onRename).not.toHaveBeenCalled();

    await edit();
    await user.type(screen.getByLabelText('Edit priority'), ' now');
    await user.tab();
    await waitFor(() => expect(onRename).toHaveBeenCalledWith(item, 'Restock the dice bag now'));
    expect(onRename).toHaveBeenCalledTimes(1);
  });

  it('Escape cancels without saving', async () => {
    const user = userEvent.setup();
    const onRename = renderItem();
    await user.click(screen.getByRole('button', { name: /^Edit priority: ?Restock the dice bag$/ }));
    await user.type(screen.getByLabelText('Edit priority'), ' and more{Escape}');
    await waitFor(() => expect(screen.queryByLabelText('Edit priority')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(onRename).not.toHaveBeenCalled();
  });
});
