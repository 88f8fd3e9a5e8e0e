import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/Button';
import styles from './ThankYou.module.css';

/** Where a reservation page ends: back home, and beside it the one next step that fits. */
export function HomeAndNext({ href, children }: { href: string; children: ReactNode }) {
  return (
    <div className={styles.actions}>
      <ButtonLink href="/">Back to Home</ButtonLink>
      <ButtonLink href={href} variant="secondary">
        {children}
      </ButtonLink>
    </div>
  );
}
