import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import styles from './layout.module.css';

type Props = HTMLAttributes<HTMLElement> & { as?: ElementType; children?: ReactNode };

function join(...names: (string | false | undefined)[]) {
  return names.filter(Boolean).join(' ');
}

export function Container({ as: Tag = 'div', className, reading, ...rest }: Props & { reading?: boolean }) {
  return <Tag className={join(styles.container, reading && styles.reading, className)} {...rest} />;
}

export function Section({ as: Tag = 'section', className, tight, ...rest }: Props & { tight?: boolean }) {
  return <Tag className={join(tight ? styles.sectionTight : styles.section, className)} {...rest} />;
}

/**
 * A page section named by its own h2 (id `${id}-heading`, which aria-labelledby points at), in a
 * container: the frame most content sections share. `headingHidden` keeps the name for screen
 * readers only.
 */
export function TitledSection({
  id,
  title,
  headingHidden,
  tight,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  headingHidden?: boolean;
  tight?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Section aria-labelledby={headingId} tight={tight} className={className}>
      <Container>
        <h2 id={headingId} className={headingHidden ? 'visually-hidden' : undefined}>
          {title}
        </h2>
        {children}
      </Container>
    </Section>
  );
}

/**
 * Two columns side by side from 56rem, stacked before: copy beside a picture or a card. A page
 * may set --split-columns and --split-gap (wide screens) on its own class.
 */
export function Split({ className, ...rest }: Props) {
  return <Container className={join(styles.split, className)} {...rest} />;
}

export function Card({ as: Tag = 'div', className, ...rest }: Props) {
  return <Tag className={join(styles.card, className)} {...rest} />;
}

export function Grid({ className, columns = 3, ...rest }: Props & { columns?: 2 | 3 }) {
  return <div className={join(styles.grid, columns === 2 ? styles.grid2 : styles.grid3, className)} {...rest} />;
}

export function Eyebrow({ children }: { children: ReactNode }) {
  return <span className={styles.eyebrow}>{children}</span>;
}

export function Lead({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={join(styles.lead, className)}>{children}</p>;
}

/** The red notice the venue uses for scarcity: tables are capped per night. */
export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={join(styles.notice, className)} role="note">
      {children}
    </p>
  );
}

export function Actions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={join(styles.actions, className)}>{children}</div>;
}
