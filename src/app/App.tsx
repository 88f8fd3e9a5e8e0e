import { Suspense, useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { Toaster } from '../components/toast';
import { OutboxStatus, startOutboxLazily } from '../features/outbox';
import { Shell } from './shell/Shell';
import { UpdatePrompt } from './shell/UpdatePrompt';
import { NotFoundPage, routes, type RouteDef } from './routes';
import { RouteMeta } from './RouteMeta';

function page(route: RouteDef) {
  return (
    <Route key={route.path} path={route.path}>
      <RouteMeta route={route} />
      <route.component />
    </Route>
  );
}

export function App({ ssrPath }: { ssrPath?: string }) {
  // The offline outbox sends saved submissions on start, when back online and on an interval.
  useEffect(() => startOutboxLazily(), []);
  // Marks the page as taken over by React (prerendered pages are readable before that): tests and
  // tools wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Router ssrPath={ssrPath}>
      <Switch>
        {/* Bare routes (the door kiosk): no site shell, but toasts and service-worker updates still work. */}
        {routes
          .filter((route) => route.bare)
          .map((route) => (
            <Route key={route.path} path={route.path}>
              <RouteMeta route={route} />
              <Suspense fallback={null}>
                <route.component />
              </Suspense>
              {/* The kiosk updates itself between guests: nobody at the door is asked. */}
              <UpdatePrompt silent={route.selfUpdating} />
              <Toaster />
            </Route>
          ))}
        <Route>
          <Shell statusSlot={<OutboxStatus />}>
            <Switch>
              {routes.filter((route) => !route.bare).map(page)}
              <Route>
                <RouteMeta route={null} />
                <NotFoundPage />
              </Route>
            </Switch>
          </Shell>
        </Route>
      </Switch>
    </Router>
  );
}
