import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../components/toast';
import type { TaskEdit } from './api';
import { TaskForm } from './TaskForm';

vi.mock('../../components/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() }, preloadToasts: () => Promise.resolve() }));

beforeEach(() => vi.mocked(notify.error).mockClear());

const EMPTY = { title: '', description: '', cadence: '', category: 'finance' as const };

function renderForm(onSubmit: (task: TaskEdit) => Promise<boolean>, props: { onCancel?: () => void } = {}) {
  render(<TaskForm heading="New task" initial={EMPTY} submitLabel="Add task" busyLabel="Adding..." onSubmit={onSubmit} {...props} />);
  return screen.getByRole('form', { name: 'New task' });
}

describe('task form (form kit)', () => {
  it('labels every field and marks the optional ones', () => {
    renderForm(async () => true);
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxlength', '300');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('finance');
    expect(screen.getByLabelText('Cadence (optional)')).toHaveAttribute('placeholder', 'e.g. Weekly');
    expect(screen.getByLabelText('Description (optional)').tagName).toBe('TEXTAREA');
  });

  it("refuses a blank title with 'Task title is required' in the toast and on the field, and sends nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => true);
    renderForm(onSubmit);
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error', 'Task title is required'));
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Task title is required');
    await waitFor(() => expect(title).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    // Typing clears the field's message.
    await user.type(title, 'Pay rent');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed title with blank cadence and description as null, shows Adding... meanwhile, then empties for the next task', async () => {
    const user = userEvent.setup();
    let finish: (saved: boolean) => void = () => undefined;
    const onSubmit = vi.fn((_task: TaskEdit) => new Promise<boolean>((resolve) => (finish = resolve)));
    renderForm(onSubmit);
    await user.type(screen.getByLabelText('Title'), '  Renew the liquor license ');
    await user.selectOptions(screen.getByLabelText('Category'), 'legal_compliance');
    await user.type(screen.getByLabelText('Description (optional)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Renew the liquor license', description: null, cadence: null, category: 'legal_compliance' });
    const busy = screen.getByRole('button', { name: 'Adding...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    finish(true);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    // The category stays for the next task of the same kind.
    expect(screen.getByLabelText('Category')).toHaveValue('legal_compliance');
    expect(screen.getByRole('button', { name: 'Add task' })).toBeEnabled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('an edit keeps its values after saving (its row closes it) and keeps them when the save fails', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => false);
    render(
      <TaskForm
        heading="Edit task: Pay rent"
        initial={{ ...EMPTY, title: 'Pay rent', cadence: 'Monthly' }}
        submitLabel="Save task"
        busyLabel="Saving..."
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    await user.clear(screen.getByLabelText('Cadence (optional)'));
    await user.type(screen.getByLabelText('Cadence (optional)'), 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: 'Pay rent', description: null, cadence: 'Weekly', category: 'finance' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save task' })).toBeEnabled());
    expect(screen.getByLabelText('Title')).toHaveValue('Pay rent');
    expect(screen.getByLabelText('Cadence (optional)')).toHaveValue('Weekly');
  });
});
