import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as media from './media';

const publicDir = path.resolve(__dirname, '../../public');

function allEntries(): { src: string; alt?: string; poster?: string }[] {
  return Object.values(media).flatMap((value) => (Array.isArray(value) ? value : typeof value === 'object' ? [value] : []));
}

describe('media', () => {
  it('lists only files that exist, each with alt text (empty only for decorative art) or a label', () => {
    for (const entry of allEntries()) {
      expect(existsSync(path.join(publicDir, entry.src)), entry.src).toBe(true);
      if (entry.poster) expect(existsSync(path.join(publicDir, entry.poster)), entry.poster).toBe(true);
      const described = 'alt' in entry ? entry.alt : (entry as { label?: string }).label;
      expect(typeof described, entry.src).toBe('string');
    }
  });

  it('ships 8 described photos for the venue carousel', () => {
    expect(media.spacePhotos).toHaveLength(8);
    for (const photo of media.spacePhotos) expect(photo.alt.length, photo.src).toBeGreaterThan(10);
  });

  it('has only well-formed SVG placeholders (a stray & breaks the image)', () => {
    const dir = path.join(publicDir, 'media');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
      const doc = new DOMParser().parseFromString(readFileSync(path.join(dir, file), 'utf8'), 'image/svg+xml');
      expect(doc.getElementsByTagName('parsererror'), file).toHaveLength(0);
    }
  });
});
