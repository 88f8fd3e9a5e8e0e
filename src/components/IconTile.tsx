import type { ReactNode } from 'react';
import styles from './IconTile.module.css';

/**
 * The rounded square an icon sits in on feature cards and lists. A page sizes and colours it
 * through custom properties on its own class (--tile-size, --tile-radius, --tile-bg, --tile-color)
 * and adds only its margin, so the tile's rules live here once.
 */
export function IconTile({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={className ? `${styles.tile} ${className}` : styles.tile}>{children}</span>;
}
