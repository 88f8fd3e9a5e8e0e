/**
 * A small Markdown parser for the blog: the safe subset the articles use (## and ### headings,
 * paragraphs, - and 1. lists, > quotes, --- rules, **bold**, *italic*, `code` and [links](/x)).
 *
 * It produces a tree, never an HTML string: <Markdown> turns the tree into React elements, so
 * any <, & or quote in an article is text, and raw HTML in a file shows up as written instead
 * of running. Link targets are limited to site paths, #anchors, http(s), mailto: and tel:.
 */

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4 | 5 | 6; id: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'rule' };

/** Link targets we render as links; anything else (javascript:, data:, …) stays plain text. */
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

const ESCAPABLE = '\\`*_[]()#+-.!>{}';

/** Parses inline Markdown into a list of nodes. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', value: text });
    text = '';
  };

  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    const rest = source.slice(i);

    if (ch === '\\' && i + 1 < source.length && ESCAPABLE.includes(source[i + 1]!)) {
      text += source[i + 1];
      i += 2;
      continue;
    }

    if (ch === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', value: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }

    if (ch === '[') {
      const link = /^\[((?:\\.|[^\]\\])+)\]\(\s*([^()\s]+)\s*\)/.exec(rest);
      if (link) {
        const href = safeHref(link[2]!);
        flush();
        const children = parseInline(link[1]!);
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i += link[0].length;
        continue;
      }
    }

    if ((ch === '*' || ch === '_') && source[i + 1] === ch) {
      const marker = ch + ch;
      const end = source.indexOf(marker, i + 2);
      if (end > i + 2 && source[i + 2] !== ' ') {
        flush();
        out.push({ type: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }

    if (ch === '*' || ch === '_') {
      // An underscore inside a word (snake_case) is not emphasis.
      const prev = source[i - 1];
      const intraword = ch === '_' && prev !== undefined && /[\p{L}\p{N}]/u.test(prev);
      let end = i + 1;
      while (end < source.length) {
        end = source.indexOf(ch, end);
        if (end === -1) break;
        if (source[end + 1] !== ch) break;
        end += 2;
      }
      const next = ch === '_' && end > 0 ? source[end + 1] : undefined;
      const closesIntraword = next !== undefined && /[\p{L}\p{N}]/u.test(next);
      if (!intraword && end > i + 1 && source[i + 1] !== ' ' && source[end - 1] !== ' ' && !closesIntraword) {
        flush();
        out.push({ type: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }

    text += ch;
    i += 1;
  }
  flush();
  return out;
}

/** The words of inline nodes, for headings' ids and plain-text summaries. */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => (node.type === 'text' || node.type === 'code' ? node.value : inlineText(node.children)))
    .join('');
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s*>\s?(.*)$/;

/**
 * Parses a Markdown document into blocks. A `#` heading becomes an h2: the page owns the
 * only h1. Heading ids are unique within the document (a repeat gets -2, -3, …).
 */
export function parseMarkdown(source: string, usedIds: Map<string, number> = new Map()): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | null = null;
  let quote: string[] | null = null;

  const uniqueId = (text: string) => {
    const base = slugify(text);
    const count = usedIds.get(base) ?? 0;
    usedIds.set(base, count + 1);
    return count === 0 ? base : `${base}-${count + 1}`;
  };
  const closeParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const closeList = () => {
    if (list) blocks.push({ type: 'list', ordered: list.ordered, start: list.start, items: list.items.map(parseInline) });
    list = null;
  };
  const closeQuote = () => {
    if (quote) blocks.push({ type: 'blockquote', children: parseMarkdown(quote.join('\n'), usedIds) });
    quote = null;
  };
  const closeAll = () => {
    closeParagraph();
    closeList();
    closeQuote();
  };

  for (const line of lines) {
    const quoted = QUOTE.exec(line);
    if (quoted) {
      if (!quote) {
        closeParagraph();
        closeList();
        quote = [];
      }
      quote.push(quoted[1]!);
      continue;
    }
    if (quote && line.trim()) {
      // A lazy continuation line of the quote's paragraph.
      quote.push(line);
      continue;
    }
    closeQuote();

    if (!line.trim()) {
      closeParagraph();
      closeList();
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading && !line.startsWith(' ')) {
      closeAll();
      const level = Math.min(6, Math.max(2, heading[1]!.length)) as 2 | 3 | 4 | 5 | 6;
      const children = parseInline(heading[2]!);
      blocks.push({ type: 'heading', level, id: uniqueId(inlineText(children)), children });
      continue;
    }

    if (RULE.test(line)) {
      closeAll();
      blocks.push({ type: 'rule' });
      continue;
    }

    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      closeParagraph();
      const isOrdered = Boolean(ordered);
      const current = list as { ordered: boolean; start: number; items: string[] } | null;
      if (!current || current.ordered !== isOrdered) {
        closeList();
        list = { ordered: isOrdered, start: ordered ? Number(ordered[1]) : 1, items: [] };
      }
      list!.items.push(bullet ? bullet[1]! : ordered![2]!);
      continue;
    }

    const openList = list as { items: string[] } | null;
    if (openList && /^\s+\S/.test(line)) {
      // An indented line continues the previous list item.
      openList.items[openList.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    closeList();
    paragraph.push(line.trim());
  }
  closeAll();
  return blocks;
}

/** The document's h2 headings, for an "In this article" list. */
export function outline(blocks: Block[]): { id: string; text: string }[] {
  return blocks.flatMap((block) => (block.type === 'heading' && block.level === 2 ? [{ id: block.id, text: inlineText(block.children) }] : []));
}
