/** SPEC §9: the board game night promo video restarts when less than 2.5 s remain (in Chromium, with the real file). */
import { describe, expect, it } from 'vitest';
import { e2ePerFile } from '../support/e2e-server';

const e2e = e2ePerFile();

describe('/board-game-night promo video', () => {
  it('plays on past 3 s before the end, and starts over once less than 2.5 s remain', async () => {
    const { page, context } = await e2e.open('/board-game-night');
    const positions = await page.locator('main video').first().evaluate(async (video: HTMLVideoElement) => {
      if (!Number.isFinite(video.duration)) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
      video.pause();
      /** Seeks, then reads the playhead once the page's timeupdate listeners have run. */
      const seekTo = (seconds: number) =>
        new Promise<number>((resolve) => {
          video.addEventListener('timeupdate', () => setTimeout(() => resolve(video.currentTime), 0), { once: true });
          video.currentTime = seconds;
        });
      const early = await seekTo(video.duration - 3);
      const late = await seekTo(video.duration - 2);
      return { duration: video.duration, early, late };
    });
    expect(positions.duration).toBeGreaterThan(3);
    expect(positions.early).toBeCloseTo(positions.duration - 3, 1);
    expect(positions.late).toBeLessThan(0.5);
    await context.close();
  });
});
