import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './afterPaint';

afterEach(() => vi.restoreAllMocks());

describe('afterPaint', () => {
  it('resolves in the task after the next animation frame, not before it', async () => {
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frame = callback;
      return 1;
    });
    let done = false;
    const waiting = afterPaint(10_000).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    frame!(performance.now());
    await waiting;
    expect(done).toBe(true);
  });

  it('resolves after its longest wait where no frame is painted (a tab in the background)', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const started = performance.now();
    await afterPaint(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});
