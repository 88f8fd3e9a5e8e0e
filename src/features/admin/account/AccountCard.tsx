import { useId, type ReactNode } from 'react';
import { AdminShell } from '../AdminShell';
import styles from '../AdminLogin.module.css';

/** The staff login's card (its frame, eyebrow, title and intro): the login and the pages a mail link opens. */
export function AccountCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const uid = useId();
  return (
    <AdminShell>
      <section className={styles.page} aria-labelledby={`${uid}-title`}>
        <div className={styles.card}>
          <p className={styles.eyebrow}>Staff only</p>
          <h1 id={`${uid}-title`} className={styles.title}>
            {title}
          </h1>
          <p className={styles.intro}>{intro}</p>
          {children}
        </div>
      </section>
    </AdminShell>
  );
}
