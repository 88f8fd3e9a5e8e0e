import { afterFirstContentfulPaint } from './lib/afterPaint';

// A prerendered page is whole in its HTML. The browser runs module scripts as soon as the
// stylesheets are in, ahead of the first paint, so evaluating React and hydrating here would hold
// the page's first paint back by all of that work (four times longer on a mid-range phone). So this
// entry is tiny: it waits for the page's first contentful paint, then asks for the app's files (their modulepreload links
// wait in an inert <template>, scripts/prerender.mjs, so they never compete with the page's CSS and
// fonts) and starts the app (src/boot.tsx). An app-shell page (staff, kiosk, thank-you) has nothing
// to paint yet: its scripts are already on the way and it starts at once.
if (document.getElementById('root')?.hasChildNodes()) {
  await afterFirstContentfulPaint();
  const appScripts = document.getElementById('app-scripts');
  if (appScripts instanceof HTMLTemplateElement) document.head.append(appScripts.content);
}
await import('./boot');
