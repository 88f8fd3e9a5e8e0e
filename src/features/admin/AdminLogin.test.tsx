/**
 * The staff login form on the form kit: its labels and messages and the refusals, before anything
 * is sent. Signing up and logging in against a real PocketBase: tests/api/admin-login-form.test.ts.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { notify } from '../../components/toast';
import { AdminLogin } from './AdminLogin';

vi.mock('../../components/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() }, preloadToasts: () => Promise.resolve(), useToastsAtBottom: () => undefined }));

const EMAIL = 'manager@example.test';

beforeEach(() => {
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
});

function renderLogin() {
  const memory = memoryLocation({ path: '/admin/login', record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AdminLogin />
    </Router>,
  );
  return {
    email: () => screen.getByLabelText('Email'),
    password: () => screen.getByLabelText('Password'),
    submit: (name: 'Login' | 'Sign Up') => screen.getByRole('button', { name }),
  };
}

// Typing is slow on a busy machine.
describe('staff login form (form kit)', { timeout: 30_000 }, () => {
  it('labels both fields and ties no message to them at first', () => {
    const view = renderLogin();
    expect(view.email()).toHaveAttribute('type', 'email');
    expect(view.email()).toHaveAttribute('autocomplete', 'username');
    expect(view.password()).toHaveAttribute('type', 'password');
    expect(view.password()).toHaveAttribute('autocomplete', 'current-password');
    expect(view.email()).not.toHaveAttribute('aria-invalid');
    expect(view.password()).not.toHaveAttribute('aria-describedby');
  });

  it("refuses a bad email with 'Invalid email address', then a short password with 'Password must be at least 6 characters' (toast 'Invalid Input', on the field, focused)", async () => {
    const user = userEvent.setup();
    const view = renderLogin();
    await user.type(view.email(), 'not-an-email');
    await user.type(view.password(), 'secret1');
    await user.click(view.submit('Login'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invalid Input', 'Invalid email address'));
    expect(view.email()).toHaveAttribute('aria-invalid', 'true');
    expect(view.email()).toHaveAccessibleDescription('Invalid email address');
    await waitFor(() => expect(view.email()).toHaveFocus());

    await user.clear(view.email());
    await user.type(view.email(), EMAIL);
    await user.clear(view.password());
    await user.type(view.password(), 'abc');
    await user.click(view.submit('Login'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invalid Input', 'Password must be at least 6 characters'));
    expect(view.email()).not.toHaveAttribute('aria-invalid');
    expect(view.password()).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    const view = renderLogin();
    await user.click(screen.getByRole('button', { name: /^Show ?password$/ }));
    expect(view.password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: /^Hide ?password$/ }));
    expect(view.password()).toHaveAttribute('type', 'password');
  });
});
