/**
 * An article's Markdown as HTML, rendered at build time (the `?blog-html` query of ./metaPlugin.ts)
 * with marked, so no parser ships to the browser and the prerendered page carries the body as is.
 *
 * The renderer keeps the blog's safe subset: raw HTML in a file is escaped and shows up as
 * written, images show their alt text, and links go only to site paths, #anchors, http(s),
 * mailto: and tel: (anything else keeps its text and loses the link). A `#` heading becomes an
 * h2 (the page owns the only h1); heading ids are unique within the article (-2, -3, …), and the
 * h2s make the "In this article" outline.
 */
import { Marked, type RendererObject, type Tokens } from 'marked';

export type OutlineItem = { id: string; text: string };
export type ArticleBody = { html: string; outline: OutlineItem[] };

/** Link targets we render as links; anything else (javascript:, data:, //host, …) stays plain text. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return value;
  if (/^\/(?!\/)/.test(value) || value.startsWith('#')) return value;
  return null;
}

/** 'Why comedy & games belong together' → 'why-comedy-games-belong-together'. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);

/** Renders one article body. Blocks follow each other without newlines, as React renders them. */
export function renderArticle(markdown: string): ArticleBody {
  const usedIds = new Map<string, number>();
  const outline: OutlineItem[] = [];
  const uniqueId = (text: string) => {
    const base = slugify(text);
    const count = usedIds.get(base) ?? 0;
    usedIds.set(base, count + 1);
    return count === 0 ? base : `${base}-${count + 1}`;
  };

  const renderer: RendererObject = {
    space: () => '',
    heading({ tokens, depth }) {
      const level = Math.min(6, Math.max(2, depth));
      const text = this.parser.parseInline(tokens, this.parser.textRenderer).replace(/\s+/g, ' ');
      const id = uniqueId(text);
      if (level === 2) outline.push({ id, text });
      return `<h${level} id="${id}">${this.parser.parseInline(tokens)}</h${level}>`;
    },
    paragraph({ tokens }) {
      return `<p>${this.parser.parseInline(tokens)}</p>`;
    },
    list({ ordered, start, items }) {
      const tag = ordered ? 'ol' : 'ul';
      const from = ordered && start !== '' && start !== 1 ? ` start="${start}"` : '';
      return `<${tag}${from}>${items.map((item) => this.listitem(item)).join('')}</${tag}>`;
    },
    listitem(item: Tokens.ListItem) {
      // Items hold inline text (no <p> inside), however the list is spaced.
      const inner = item.tokens.map((token) =>
        token.type === 'text' || token.type === 'paragraph'
          ? this.parser.parseInline((token as Tokens.Text | Tokens.Paragraph).tokens ?? [{ ...token, type: 'text' } as Tokens.Text])
          : this.parser.parse([token]),
      );
      return `<li>${inner.join(' ')}</li>`;
    },
    blockquote({ tokens }) {
      return `<blockquote>${this.parser.parse(tokens)}</blockquote>`;
    },
    hr: () => '<hr/>',
    code: ({ text }) => `<pre><code>${escapeHtml(text)}</code></pre>`,
    html: ({ text, block }: Tokens.HTML | Tokens.Tag) => (block ? `<p>${escapeHtml(text.trim())}</p>` : escapeHtml(text)),
    image: ({ text }) => escapeHtml(text),
    link({ href, tokens }) {
      const children = this.parser.parseInline(tokens);
      const target = safeHref(href);
      if (!target) return children;
      const attr = escapeHtml(target);
      if (/^https?:/i.test(target)) {
        return `<a href="${attr}" target="_blank" rel="noopener noreferrer">${children}<span class="visually-hidden"> (opens in a new tab)</span></a>`;
      }
      return `<a href="${attr}">${children}</a>`;
    },
    // A line break inside a paragraph or item is a space, as in the rendered page.
    text(token) {
      if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
      return escapeHtml(token.text.replace(/\s*\n\s*/g, ' '));
    },
  };

  const marked = new Marked({ gfm: false, async: false, renderer });
  const html = marked.parse(markdown.replace(/\r\n?/g, '\n')) as string;
  return { html, outline };
}
