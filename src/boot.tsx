import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/lazyPages';
import { captureAttribution } from './features/attribution';
import './styles/global.css';

// Started by src/main.tsx once the prerendered page has painted.
captureAttribution();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.hasChildNodes()) {
  // A prerendered page: its chunk is already on the way (modulepreload), so hydration renders the
  // page itself, never a Suspense fallback that would throw away the server's markup. Hydrating as
  // a transition lets React work in slices that leave room for taps and scrolling.
  await preloadPage(window.location.pathname).catch(() => undefined);
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // An app-shell page (staff, kiosk): its page's chunk first, so React does not put up the lazy
  // page's fallback (which it then keeps for at least 300 ms); a chunk that cannot load (offline,
  // not cached) holds the first render back half a second at most.
  const atMost = new Promise((resolve) => setTimeout(resolve, 500));
  await Promise.race([preloadPage(window.location.pathname).catch(() => undefined), atMost]);
  createRoot(container).render(app);
}
