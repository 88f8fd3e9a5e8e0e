import { act, render, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Hook = typeof import('./useHydrated');

function Probe({ hook, seen }: { hook: Hook['useHydrated']; seen: boolean[] }) {
  const hydrated = hook();
  seen.push(hydrated);
  return <p data-testid="probe">{hydrated ? 'live' : 'prerendered'}</p>;
}

/** Loads the module as a page would: with #root already filled by the prerendered HTML, or empty. */
async function loadOnPage(prerendered: boolean): Promise<{ hook: Hook; root: HTMLElement }> {
  vi.resetModules();
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root')!;
  // What the prerenderer wrote (its React, on the server, reads false).
  if (prerendered) root.innerHTML = '<p data-testid="probe">prerendered</p>';
  return { hook: await import('./useHydrated'), root };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

describe('useHydrated', () => {
  it('hydrates with the prerendered value, then switches without a mismatch', async () => {
    const { hook, root } = await loadOnPage(true);
    expect(root.textContent).toBe('prerendered');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: boolean[] = [];
    await act(async () => {
      hydrateRoot(root, <Probe hook={hook.useHydrated} seen={seen} />, { onRecoverableError: (error) => console.error(error) });
    });
    expect(seen[0]).toBe(false);
    expect(root.textContent).toBe('live');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('keeps answering false for late-hydrating parts until the guest moves to another path', async () => {
    window.history.replaceState(null, '', '/board-game-night');
    const { hook } = await loadOnPage(true);
    // A fragment or a cleaned query string on the same page: still the prerendered page.
    window.history.pushState(null, '', '/board-game-night#reserve');
    window.dispatchEvent(new Event('pushState'));
    const samePage: boolean[] = [];
    const part = render(<Probe hook={hook.useHydrated} seen={samePage} />);
    expect(samePage[0]).toBe(false);
    await within(part.container).findByText('live');
    part.unmount();

    window.history.pushState(null, '', '/menu');
    window.dispatchEvent(new Event('pushState'));
    const nextPage: boolean[] = [];
    render(<Probe hook={hook.useHydrated} seen={nextPage} />);
    expect(nextPage[0]).toBe(true);
  });

  it('is true from the first render on an app-shell page, which is never hydrated', async () => {
    const { hook } = await loadOnPage(false);
    const seen: boolean[] = [];
    render(<Probe hook={hook.useHydrated} seen={seen} />);
    expect(seen[0]).toBe(true);
  });
});
