import { useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { OutboxStatus, startOutboxLazily } from '../features/outbox';
import { Shell } from './shell/Shell';
import { NotFoundPage, routes } from './routes';
import { RouteMeta } from './RouteMeta';

export function App({ ssrPath }: { ssrPath?: string }) {
  // The offline outbox sends saved submissions on start, when back online and on an interval.
  useEffect(() => startOutboxLazily(), []);
  return (
    <Router ssrPath={ssrPath}>
      <Shell statusSlot={<OutboxStatus />}>
        <Switch>
          {routes.map((route) => (
            <Route key={route.path} path={route.path}>
              <RouteMeta route={route} />
              <route.component />
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Shell>
    </Router>
  );
}
