import { afterPaint } from './lib/afterPaint';

// A prerendered page is whole in its HTML. The browser runs module scripts as soon as the
// stylesheets are in, ahead of the first paint, so evaluating React and hydrating here would hold
// the page's first paint back by all of that work (four times longer on a mid-range phone). So this
// entry is tiny: it lets the page paint, then starts the app (src/boot.tsx), whose files the HTML
// has already asked for (modulepreload). An app-shell page (staff, kiosk, thank-you) has nothing to
// paint yet and starts at once.
if (document.getElementById('root')?.hasChildNodes()) await afterPaint();
await import('./boot');
