import type { ReactNode } from 'react';
import { ActionPanel } from '../../components/ActionPanel';
import styles from './content.module.css';

/** A closing card with a next step: a heading, a line of copy and one or two buttons. */
export function Callout({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <ActionPanel title={title} actions={<div className={styles.calloutActions}>{actions}</div>}>
      {children}
    </ActionPanel>
  );
}
