import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotFound, RoutingProvider, usePreloadRoutes } from './routing';

function Preloads({ paths }: { paths: string[] }) {
  usePreloadRoutes(paths);
  return null;
}

describe('routing context', () => {
  it('hands preloading and the 404 page from the app to pages', () => {
    const preload = vi.fn();
    const routing = { preload, NotFound: () => <p>the app's 404</p> };
    render(
      <RoutingProvider value={routing}>
        <Preloads paths={['/reservation-thank-you', '/menu']} />
        <NotFound />
      </RoutingProvider>,
    );
    expect(preload.mock.calls).toEqual([['/reservation-thank-you'], ['/menu']]);
    expect(screen.getByText("the app's 404")).toBeInTheDocument();
  });

  it('works without the app around it (a page rendered alone)', () => {
    render(
      <>
        <Preloads paths={['/menu']} />
        <NotFound />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
