import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { articles, loadArticleBody } from '../../content/blog';
import { Markdown } from './Markdown';
import { inlineText, outline, parseInline, parseMarkdown, safeHref, slugify } from './markdown';

describe('parseInline', () => {
  it('reads bold, italic, code and links', () => {
    expect(parseInline('a **b** *c* _d_ `e` [f](/g)')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'strong', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' ' },
      { type: 'em', children: [{ type: 'text', value: 'c' }] },
      { type: 'text', value: ' ' },
      { type: 'em', children: [{ type: 'text', value: 'd' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'e' },
      { type: 'text', value: ' ' },
      { type: 'link', href: '/g', children: [{ type: 'text', value: 'f' }] },
    ]);
  });

  it('nests emphasis inside links and bold', () => {
    expect(parseInline('**Pick a [show](/x).**')).toEqual([
      {
        type: 'strong',
        children: [
          { type: 'text', value: 'Pick a ' },
          { type: 'link', href: '/x', children: [{ type: 'text', value: 'show' }] },
          { type: 'text', value: '.' },
        ],
      },
    ]);
  });

  it('leaves lone markers, snake_case and escapes as text', () => {
    expect(inlineText(parseInline('2 * 3 = 6, snake_case_name, \\*not italic\\*'))).toBe('2 * 3 = 6, snake_case_name, *not italic*');
    expect(parseInline('a * b')).toEqual([{ type: 'text', value: 'a * b' }]);
  });

  it('drops unsafe link targets but keeps their text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'text', value: '[click](javascript:alert(1))' }]);
    expect(parseInline('[click](javascript:void)')).toEqual([{ type: 'text', value: 'click' }]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', value: 'x' }]);
    expect(safeHref('//evil.test')).toBeNull();
    expect(safeHref('/menu')).toBe('/menu');
    expect(safeHref('#top')).toBe('#top');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('https://x.test')).toBe('https://x.test');
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists, quotes and rules', () => {
    const blocks = parseMarkdown(
      [
        '# Title becomes h2',
        'First line',
        'same paragraph.',
        '',
        '## Sub',
        '- one',
        '- two',
        '  continued',
        '',
        '3. three',
        '4. four',
        '',
        '> quoted **text**',
        '',
        '---',
        '### Sub',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list', 'blockquote', 'rule', 'heading']);
    expect(blocks[0]).toMatchObject({ type: 'heading', level: 2, id: 'title-becomes-h2' });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', value: 'First line same paragraph.' }] });
    expect(blocks[3]).toMatchObject({ ordered: false, start: 1, items: [[{ value: 'one' }], [{ value: 'two continued' }]] });
    expect(blocks[4]).toMatchObject({ ordered: true, start: 3 });
    expect(blocks[5]).toMatchObject({ type: 'blockquote', children: [{ type: 'paragraph' }] });
    // Repeated headings get unique ids.
    expect(blocks[2]).toMatchObject({ id: 'sub' });
    expect(blocks[7]).toMatchObject({ level: 3, id: 'sub-2' });
  });

  it('switches list type without a blank line and handles CRLF', () => {
    const blocks = parseMarkdown('- a\r\n1. b\r\ntext');
    expect(blocks.map((b) => (b.type === 'list' ? `list:${b.ordered}` : b.type))).toEqual(['list:false', 'list:true', 'paragraph']);
  });

  it('slugifies headings and lists the h2 outline', () => {
    expect(slugify("What's Next for Café Games?")).toBe('whats-next-for-cafe-games');
    expect(slugify('!!!')).toBe('section');
    const blocks = parseMarkdown('## One\n### Inner\n## Two *2*');
    expect(outline(blocks)).toEqual([
      { id: 'one', text: 'One' },
      { id: 'two-2', text: 'Two 2' },
    ]);
  });

  it('parses every article with at least three h2 sections and no stray markers', async () => {
    for (const article of articles) {
      const blocks = parseMarkdown(await loadArticleBody(article.slug));
      expect(outline(blocks).length, article.slug).toBeGreaterThanOrEqual(3);
      const text = blocks
        .flatMap((b) => (b.type === 'list' ? b.items.map(inlineText) : b.type === 'heading' || b.type === 'paragraph' ? [inlineText(b.children)] : []))
        .join('\n');
      expect(text, article.slug).not.toMatch(/\*\*|\]\(|^#/m);
    }
  });
});

describe('<Markdown>', () => {
  const renderMd = (source: string) =>
    render(
      <Router>
        <Markdown source={source} />
      </Router>,
    );

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
});
