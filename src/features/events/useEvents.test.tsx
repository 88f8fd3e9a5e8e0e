import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEvents } from './useEvents';

const record = (title: string, extra: Record<string, unknown> = {}) => ({
  id: title.toLowerCase().replace(/\W/g, '').slice(0, 15),
  kind: 'weekly',
  title,
  description: '',
  date: '',
  weekday: 2,
  time: '7pm',
  price: '',
  open_tables: false,
  sort_order: 0,
  active: true,
  ...extra,
});

function answerWith(items: Record<string, unknown>[]) {
  return vi.fn(async () => new Response(JSON.stringify({ items }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

/** Called on each render of what the page shows from the list (the events sections). */
const titlesRendered = vi.fn();
const exposeReload = vi.fn<(reload: () => void) => void>();
const reload = () => exposeReload.mock.lastCall?.[0]();
function Titles({ text }: { text: string }) {
  titlesRendered();
  return <p data-testid="titles">{text}</p>;
}
function EventTitles() {
  const state = useEvents();
  useEffect(() => exposeReload(state.reload), [state.reload]);
  return <Titles text={state.status + ':' + state.events.map((e) => `${e.title}@${e.time}`).join('|')} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  titlesRendered.mockClear();
});

describe('useEvents', () => {
  it('keeps the shown list, and renders nothing again, when a reload brings back the same events', async () => {
    vi.stubGlobal('fetch', answerWith([record('Magic Draft'), record('Trivia Warm-up', { sort_order: 1 })]));
    render(<EventTitles />);
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('live:Magic Draft@7pm|Trivia Warm-up@7pm'));
    const settled = titlesRendered.mock.calls.length;

    // The live subscription's reload once it is confirmed, with nothing changed meanwhile.
    await act(async () => reload());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    // One render for the reload request itself (its attempt counter), none for the unchanged answer.
    expect(titlesRendered).toHaveBeenCalledTimes(settled + 1);
  });

  it('shows a reload whose events changed in any field', async () => {
    vi.stubGlobal('fetch', answerWith([record('Magic Draft')]));
    render(<EventTitles />);
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('live:Magic Draft@7pm'));

    vi.stubGlobal('fetch', answerWith([record('Magic Draft', { time: '8pm' })]));
    await act(async () => reload());
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('live:Magic Draft@8pm'));

    vi.stubGlobal('fetch', answerWith([record('Magic Draft', { time: '8pm' }), record('Open tables', { open_tables: true })]));
    await act(async () => reload());
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('live:Magic Draft@8pm|Open tables@7pm'));
  });

  it('starts from the build-time schedule it is given, before the device’s copy, and the live list replaces it', async () => {
    localStorage.setItem('tiny-cupboard.events.v1', JSON.stringify({ savedAt: 1, events: [record('Cached Night')] }));
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const buildSchedule = [{ ...record('Magic Draft'), id: 'build-0' }] as Parameters<typeof useEvents>[0];
    function WithSchedule() {
      const state = useEvents(buildSchedule);
      return <p data-testid="titles">{state.status + ':' + state.events.map((e) => e.title).join('|')}</p>;
    }
    render(<WithSchedule />);
    expect(screen.getByTestId('titles').textContent).toBe('loading:Magic Draft');
    await act(async () => answer(new Response(JSON.stringify({ items: [record('Magic Draft'), record('Pokemon TCG')] }), { status: 200 })));
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('live:Magic Draft|Pokemon TCG'));
  });
});
