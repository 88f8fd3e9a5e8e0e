import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { parseMarkdown, type Block, type Inline } from './markdown';
import styles from './content.module.css';

function renderInline(nodes: Inline[], keyPrefix = 'i'): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}-${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.value}</Fragment>;
      case 'strong':
        return <strong key={key}>{renderInline(node.children, key)}</strong>;
      case 'em':
        return <em key={key}>{renderInline(node.children, key)}</em>;
      case 'code':
        return <code key={key}>{node.value}</code>;
      case 'link': {
        const children = renderInline(node.children, key);
        if (node.href.startsWith('/')) {
          return (
            <Link key={key} href={node.href}>
              {children}
            </Link>
          );
        }
        if (/^https?:/i.test(node.href)) {
          return (
            <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
              {children}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          );
        }
        return (
          <a key={key} href={node.href}>
            {children}
          </a>
        );
      }
    }
  });
}

function renderBlocks(blocks: Block[], keyPrefix = 'b'): ReactNode[] {
  return blocks.map((block, index) => {
    const key = `${keyPrefix}-${index}`;
    switch (block.type) {
      case 'heading': {
        const Heading = `h${block.level}` as const;
        return (
          <Heading key={key} id={block.id}>
            {renderInline(block.children, key)}
          </Heading>
        );
      }
      case 'paragraph':
        return <p key={key}>{renderInline(block.children, key)}</p>;
      case 'list': {
        const items = block.items.map((item, i) => <li key={`${key}-${i}`}>{renderInline(item, `${key}-${i}`)}</li>);
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'blockquote':
        return <blockquote key={key}>{renderBlocks(block.children, key)}</blockquote>;
      case 'rule':
        return <hr key={key} />;
    }
  });
}

/** Renders Markdown (see markdown.ts for the subset) as React elements: text is never HTML. */
export function Markdown({ source, blocks, className }: { source?: string; blocks?: Block[]; className?: string }) {
  const tree = useMemo(() => blocks ?? parseMarkdown(source ?? ''), [blocks, source]);
  return <div className={[styles.prose, className].filter(Boolean).join(' ')}>{renderBlocks(tree)}</div>;
}
