import { Route, Router, Switch } from 'wouter';
import { Shell } from './shell/Shell';
import { NotFoundPage, routes } from './routes';
import { RouteMeta } from './RouteMeta';

export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router ssrPath={ssrPath}>
      <Shell>
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
