import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Toaster } from '../../components/toast';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageTransition } from './PageTransition';
import { ScrollToTop } from './ScrollToTop';
import { UpdatePrompt } from './UpdatePrompt';
import { installCelebration } from './celebration';
import styles from './Shell.module.css';

/** Slots other features fill in (e.g. the offline outbox's pending indicator) without the shell knowing them. */
export interface ShellProps {
  children: ReactNode;
  statusSlot?: ReactNode;
}

export function Shell({ children, statusSlot }: ShellProps) {
  const [pathname] = useLocation();
  useEffect(() => installCelebration(), []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        <PageTransition routeKey={pathname}>
          <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>{children}</Suspense>
        </PageTransition>
      </main>
      <Footer />
      {statusSlot}
      <UpdatePrompt />
      <Toaster />
    </>
  );
}
