import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import styles from './IconTile.module.css';

/**
 * The rounded square an icon sits in on feature cards and lists. A page sizes and colours it
 * through custom properties on its own class (--tile-size, --tile-radius, --tile-bg, --tile-color)
 * and adds only its margin, so the tile's rules live here once.
 */
export function IconTile({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={className ? `${styles.tile} ${className}` : styles.tile}>{children}</span>;
}

/** The words beside a tile (or a step's number) in a list: a bold title over smaller, muted text. */
export function TileText({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <span>
      <strong>{title}</strong>
      <span className={styles.text}>{children}</span>
    </span>
  );
}

/** A list of icon tiles, each with its title and text beside it (a page styles the list and the tiles). */
export function TileList({ items, className, tileClassName, iconSize }: { items: ReadonlyArray<{ icon: IconName; title: string; text: ReactNode }>; className?: string; tileClassName?: string; iconSize: number }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title}>
          <IconTile className={tileClassName}>
            <Icon name={item.icon} size={iconSize} />
          </IconTile>
          <TileText title={item.title}>{item.text}</TileText>
        </li>
      ))}
    </ul>
  );
}
