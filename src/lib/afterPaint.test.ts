import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, afterPaint } from './afterPaint';

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

/** A stand-in for the browser's PerformanceObserver that lets a test report the first contentful paint. */
class FakePaintObserver {
  static current: FakePaintObserver | undefined;
  static supportedEntryTypes = ['paint'];
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

describe('afterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakePaintObserver.current = undefined;
  });

  const settle = () => new Promise((r) => setTimeout(r, 5));

  it('resolves only once the browser reports the first contentful paint, not on a paint without content', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    let done = false;
    const waiting = afterFirstContentfulPaint(10_000).then(() => (done = true));
    FakePaintObserver.current!.report('first-paint');
    await settle();
    expect(done).toBe(false);
    FakePaintObserver.current!.report('first-contentful-paint');
    await waiting;
    expect(done).toBe(true);
    expect(FakePaintObserver.current!.disconnected).toBe(true);
  });

  it('gives up waiting after its longest wait', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const started = performance.now();
    await afterFirstContentfulPaint(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('starts at once when the tab goes to the background, where no paint will come', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    let done = false;
    const waiting = afterFirstContentfulPaint(10_000).then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await waiting;
    expect(done).toBe(true);
  });

  it('falls back to the next frame where the browser does not report paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frame = callback;
      return 1;
    });
    const waiting = afterFirstContentfulPaint(10_000);
    frame!(performance.now());
    await waiting;
    expect(frame).toBeDefined();
  });
});
