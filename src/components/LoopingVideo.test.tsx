/** SPEC §9: the promo video restarts when less than 2.5 s remain. */
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoopingVideo } from './LoopingVideo';

/** The rendered <video> with a known duration and a playhead the test moves (jsdom plays nothing). */
function setup(restartBeforeEndSeconds?: number, duration = 10) {
  const { container, unmount } = render(<LoopingVideo src="/promo.webm" poster="/promo.jpg" label="Promo" restartBeforeEndSeconds={restartBeforeEndSeconds} />);
  const video = container.querySelector('video')!;
  let time = 0;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time, set: (value: number) => (time = value) });
  const play = vi.fn(() => Promise.resolve());
  video.play = play;
  /** Moves the playhead as playback would and reports whether the video went back to the start. */
  const playAt = (seconds: number) => {
    time = seconds;
    fireEvent.timeUpdate(video);
    return time === 0;
  };
  return { video, play, playAt, unmount };
}

describe('<LoopingVideo restartBeforeEndSeconds>', () => {
  it('restarts from the beginning once less than 2.5 s remain, and keeps playing', () => {
    const { play, playAt } = setup(2.5);
    expect(playAt(5)).toBe(false);
    expect(playAt(7.5)).toBe(false); // exactly 2.5 s left: not yet
    expect(play).not.toHaveBeenCalled();
    expect(playAt(7.51)).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('waits for the duration to be known', () => {
    const { playAt } = setup(2.5, Number.NaN);
    expect(playAt(9)).toBe(false);
  });

  it('only loops at the end without the prop', () => {
    const { video, play, playAt } = setup(undefined);
    expect(playAt(9.9)).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(video.loop).toBe(true);
    expect(video.muted).toBe(true);
  });

  it('stops listening when it unmounts', () => {
    const { play, playAt, unmount } = setup(2.5);
    unmount();
    expect(playAt(9)).toBe(false);
    expect(play).not.toHaveBeenCalled();
  });
});

describe('<LoopingVideo> before and after the app takes over', () => {
  it('is prerendered still: no autoplay and nothing fetched, so the poster paints first', async () => {
    const { renderToString } = await import('react-dom/server');
    const html = renderToString(<LoopingVideo src="/promo.webm" poster="/promo.jpg" label="Promo" />);
    expect(html).toContain('poster="/promo.jpg"');
    expect(html).toContain('preload="none"');
    expect(html).not.toMatch(/autoplay/i);
  });

  it('starts playing once mounted, and stays still for a guest who asks for reduced motion', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    render(<LoopingVideo src="/promo.webm" poster="/promo.jpg" label="Promo" />).unmount();
    expect(play).toHaveBeenCalledTimes(1);
    play.mockClear();
    // jsdom has no matchMedia: this one says the guest asked for reduced motion.
    const reduce = (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined });
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: reduce });
    try {
      render(<LoopingVideo src="/promo.webm" poster="/promo.jpg" label="Promo" />).unmount();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
    expect(play).not.toHaveBeenCalled();
    expect(pause).toHaveBeenCalled();
    [play, pause].forEach((spy) => spy.mockRestore());
  });
});
