import type { ReactNode } from 'react';
import { Container, Eyebrow, Lead } from './Layout';
import styles from './PageHero.module.css';

interface BandProps {
  children: ReactNode;
  media?: ReactNode;
  /**
   * A class that tunes the band through custom properties only (--hero-pad-start, --hero-pad-end,
   * --hero-gap, --hero-columns, --hero-overflow, --hero-align), so a page's hero differs from the
   * others in numbers, never in repeated rules.
   */
  className?: string;
  /** A class for the text column (PageHero trims its last margin). */
  textClassName?: string;
  /** A soft blob of colour behind the media, placed and coloured by the page (--glow-*). */
  glow?: boolean;
}

/** The band every page starts with: the hero gradient, and beside the text an optional media column. */
export function HeroBand({ children, media, className, textClassName, glow }: BandProps) {
  return (
    <header className={className ? `${styles.hero} ${className}` : styles.hero}>
      <Container className={media ? styles.withMedia : undefined}>
        <div className={textClassName}>{children}</div>
        {media ? <div className={glow ? `${styles.media} ${styles.glow}` : styles.media}>{media}</div> : null}
      </Container>
    </header>
  );
}

/** The framed 4:3 video or photo of a hero; tilt it with --hero-tilt (a transform). */
export const heroVideoClass = styles.video;

interface Props {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  media?: ReactNode;
}

/** The top of every content page: one h1, an intro, optional actions and media. */
export function PageHero({ eyebrow, title, intro, children, media }: Props) {
  return (
    <HeroBand media={media} textClassName={styles.text}>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <h1>{title}</h1>
      {intro ? <Lead>{intro}</Lead> : null}
      {children}
    </HeroBand>
  );
}
