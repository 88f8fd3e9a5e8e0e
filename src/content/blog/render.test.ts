import { describe, expect, it } from 'vitest';
import { articles, loadArticleBody } from '.';
import { renderArticle, safeHref, slugify } from './render';

/** The rendered body as a DOM tree, to read it as the page does. */
const dom = (markdown: string) => {
  const root = document.createElement('div');
  root.innerHTML = renderArticle(markdown).html;
  return root;
};

describe('inline Markdown', () => {
  it('reads bold, italic, code and links', () => {
    expect(renderArticle('a **b** *c* _d_ `e` [f](/g)').html).toBe(
      '<p>a <strong>b</strong> <em>c</em> <em>d</em> <code>e</code> <a href="/g">f</a></p>',
    );
  });

  it('nests emphasis inside links and bold', () => {
    expect(renderArticle('**Pick a [show](/x).**').html).toBe('<p><strong>Pick a <a href="/x">show</a>.</strong></p>');
  });

  it('leaves lone markers, snake_case and escapes as text', () => {
    expect(dom('2 * 3 = 6, snake_case_name, \\*not italic\\*').textContent).toBe('2 * 3 = 6, snake_case_name, *not italic*');
    expect(renderArticle('a * b').html).toBe('<p>a * b</p>');
  });

  it('drops unsafe link targets but keeps their text', () => {
    for (const source of ['[click](javascript:alert(1))', '[click](javascript:void)', '[click](data:text/html,hi)', '[click](//evil.test)']) {
      const root = dom(source);
      expect(root.querySelector('a'), source).toBeNull();
      expect(root.textContent, source).toBe('click');
    }
    expect(safeHref('//evil.test')).toBeNull();
    expect(safeHref('/menu')).toBe('/menu');
    expect(safeHref('#top')).toBe('#top');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('https://x.test')).toBe('https://x.test');
  });

  it('escapes raw HTML and shows images as their alt text', () => {
    const root = dom('Hello <img src=x onerror="alert(1)"> & <script>bad()</script>\n\n<div>block</div>\n\n![a photo](/x.png)');
    expect(root.querySelector('img, script, div')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror="alert(1)"> & <script>bad()</script>');
    expect(root.textContent).toContain('<div>block</div>');
    expect(root.textContent).toContain('a photo');
  });
});

describe('block Markdown', () => {
  it('reads headings, paragraphs, lists, quotes and rules', () => {
    const root = dom(
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
    const blocks = [...root.children];
    expect(blocks.map((b) => b.tagName.toLowerCase())).toEqual(['h2', 'p', 'h2', 'ul', 'ol', 'blockquote', 'hr', 'h3']);
    expect(blocks[0]!.id).toBe('title-becomes-h2');
    expect(blocks[1]!.textContent).toBe('First line same paragraph.');
    expect([...blocks[3]!.children].map((li) => li.innerHTML)).toEqual(['one', 'two continued']);
    expect(blocks[4]!.getAttribute('start')).toBe('3');
    expect(blocks[5]!.firstElementChild?.tagName).toBe('P');
    // Repeated headings get unique ids.
    expect(blocks[2]!.id).toBe('sub');
    expect(blocks[7]!.id).toBe('sub-2');
  });

  it('switches list type without a blank line and handles CRLF', () => {
    // A line right after an item continues it (Markdown's lazy continuation): a blank line ends the list.
    const root = dom('- a\r\n1. b\r\n\r\ntext');
    expect([...root.children].map((b) => b.tagName.toLowerCase())).toEqual(['ul', 'ol', 'p']);
    expect(root.querySelector('ol')?.hasAttribute('start')).toBe(false);
  });

  it('slugifies headings and lists the h2 outline', () => {
    expect(slugify("What's Next for Café Games?")).toBe('whats-next-for-cafe-games');
    expect(slugify('!!!')).toBe('section');
    expect(renderArticle('## One\n### Inner\n## Two *2*').outline).toEqual([
      { id: 'one', text: 'One' },
      { id: 'two-2', text: 'Two 2' },
    ]);
  });

  it('renders every article with at least three h2 sections and no stray markers', async () => {
    for (const article of articles) {
      const body = await loadArticleBody(article.slug);
      expect(body.outline.length, article.slug).toBeGreaterThanOrEqual(3);
      const root = document.createElement('div');
      root.innerHTML = body.html;
      const text = [...root.querySelectorAll('h2, h3, p, li')].map((el) => el.textContent).join('\n');
      expect(text, article.slug).not.toMatch(/\*\*|\]\(|^#/m);
    }
  });
});
