import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuImage } from './SpaceGallery';

describe('MenuImage', () => {
  it('is fetched at once and first where it is the page’s main content (/menu’s largest paint)', () => {
    render(<MenuImage priority />);
    const img = screen.getByRole('img', { name: /drink and food menu/i });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('stays lazy further down other pages', () => {
    render(<MenuImage linkToMenu />);
    const img = screen.getByRole('img', { name: /drink and food menu/i });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).not.toBe('high');
  });
});
