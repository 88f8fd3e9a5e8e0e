import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ButtonLink } from '../components/Button';
import { useHydrated } from '../lib/useHydrated';
import { useUnreachable } from '../lib/useUnreachable';
import { useOnlineStatus } from '../features/outbox';
import { Container, Section } from '../components/Layout';

export default function NotFoundPage() {
  const [pathname] = useLocation();
  // One prerendered 404.html answers every unknown path: name the path once hydrated.
  const hydrated = useHydrated();
  const online = useOnlineStatus();
  const unreachable = useUnreachable(pathname, hydrated && online);
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <Section>
      <Container reading style={{ textAlign: 'center' }}>
        <p style={{ fontFamily: 'var(--font-display)', fontSize: '6rem', fontWeight: 800, margin: 0, color: 'var(--color-accent)' }} aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <p>
          We looked under every game box and couldn't find {hydrated ? <code>{pathname}</code> : 'that page'}.
        </p>
        {hydrated && (!online || unreachable) ? (
          <p role="status">
            You're offline, and this page isn't saved on this device yet. The menu, the schedule and every page you have opened
            here still work offline.
          </p>
        ) : null}
        <ButtonLink href="/">Return to Home</ButtonLink>
      </Container>
    </Section>
  );
}
