import type { ReactNode } from 'react';
import { Container, Eyebrow, Lead } from './Layout';
import styles from './PageHero.module.css';

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
    <header className={styles.hero}>
      <Container className={media ? styles.withMedia : undefined}>
        <div className={styles.text}>
          {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
          <h1>{title}</h1>
          {intro ? <Lead>{intro}</Lead> : null}
          {children}
        </div>
        {media ? <div className={styles.media}>{media}</div> : null}
      </Container>
    </header>
  );
}
