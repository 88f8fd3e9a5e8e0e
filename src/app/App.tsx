import { Suspense, useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { RoutingProvider } from '../components/routing';
import { Toaster } from '../components/toast';
import { OutboxStatus, startOutboxLazily } from '../features/outbox';
import { Shell } from './shell/Shell';
import { UpdatePrompt } from './shell/UpdatePrompt';
import { NotFoundPage, pageOf, routing } from './lazyPages';
import { RouteMeta } from './RouteMeta';
import { parseRoutePattern, routes, type RouteDef } from './routes';

function page(route: RouteDef) {
  const Page = pageOf(route);
  return (
    <Route key={route.path} path={route.path}>
      <RouteMeta route={route} />
      <Page />
    </Route>
  );
}

/** A bare route (the door kiosk): no site shell, but toasts and service-worker updates still work. */
function barePage(route: RouteDef) {
  const Page = pageOf(route);
  return (
    <Route key={route.path} path={route.path}>
      <RouteMeta route={route} />
      <Suspense fallback={null}>
        <Page />
      </Suspense>
      {/* The kiosk updates itself between guests: nobody at the door is asked. */}
      <UpdatePrompt silent={route.selfUpdating} />
      <Toaster />
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
    // Pages reach the preloader and the 404 page through this context, never by importing src/app.
    <RoutingProvider value={routing}>
      <Router ssrPath={ssrPath} parser={parseRoutePattern}>
        <Switch>
          {routes.filter((route) => route.bare).map(barePage)}
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
    </RoutingProvider>
  );
}
