import type { HTMLAttributes } from 'react';
import styles from './QueuedPanel.module.css';

/**
 * The panel shown in place of a form whose submission is saved on this device (inquiries and
 * reservations alike): amber while it waits, `data-state="sent"` green, `data-state="rejected"` red.
 */
export function QueuedPanel({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `${styles.panel} ${className}` : styles.panel} {...rest} />;
}
