import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { renderArticle } from '../../content/blog/render';
import { ArticleProse } from './ArticleProse';

const renderMd = (source: string, memory = memoryLocation({ path: '/blog/x', record: true })) => ({
  memory,
  ...render(
    <Router hook={memory.hook}>
      <ArticleProse html={renderArticle(source).html} />
    </Router>,
  ),
});

describe('<ArticleProse>', () => {
  it('renders HTML in the source as text, never as elements', () => {
    const { container } = renderMd('Hello <img src=x onerror="alert(1)"> & <script>bad()</script>');
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)"> & <script>bad()</script>');
  });

  it('renders headings with ids, lists and links (external ones open in a new tab)', () => {
    const { container } = renderMd('## Plan it\n\n1. **Pick** a [show](https://club.test/cal)\n2. Reserve at [board game night](/board-game-night)');
    expect(screen.getByRole('heading', { level: 2, name: 'Plan it' }).id).toBe('plan-it');
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    const external = screen.getByRole('link', { name: /show/ });
    expect(external.getAttribute('href')).toBe('https://club.test/cal');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'board game night' }).getAttribute('href')).toBe('/board-game-night');
    expect(container.querySelector('strong')?.textContent).toBe('Pick');
  });

  it('follows a site link inside the app, and leaves modified clicks and other links to the browser', () => {
    const { memory } = renderMd('[board game night](/board-game-night), [mail](mailto:a@b.c) and [top](#top)');
    // Whether the app kept each click (jsdom itself cannot follow a link, so the test stops them after).
    const kept: boolean[] = [];
    const record = (event: Event) => {
      kept.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    const site = screen.getByRole('link', { name: 'board game night' });
    fireEvent.click(site, { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'mail' }));
    fireEvent.click(screen.getByRole('link', { name: 'top' }));
    expect(memory.history).toEqual(['/blog/x']);
    fireEvent.click(site);
    window.removeEventListener('click', record);
    expect(kept).toEqual([false, false, false, true]);
    expect(memory.history).toEqual(['/blog/x', '/board-game-night']);
  });
});
