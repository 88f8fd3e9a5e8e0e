import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/lazyPages';
import { captureAttribution } from './features/attribution';
import './styles/global.css';

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
  // page itself, never a Suspense fallback that would throw away the server's markup.
  await preloadPage(window.location.pathname).catch(() => undefined);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
