import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute } from 'wouter';
import { loadWhenOnline } from '../components/lazyWhenOnline';
import { loadArticleBody } from '../content/blog';

export interface RouteDef {
  path: string;
  /** Lazily loaded page module: each route is its own chunk. */
  component: PageComponent;
  title: string;
  description: string;
  /** Public pages go in the sitemap and get prerendered; admin pages do not. */
  public: boolean;
  /** Fills the screen on its own, without the site shell (header, footer, navigation). */
  bare?: boolean;
  /** Applies new versions by itself (the door kiosk): no update prompt is shown. */
  selfUpdating?: boolean;
  /** Data the page reads synchronously, loaded with its chunk (before hydration, on preload). */
  preloadData?: (pathname: string) => Promise<unknown>;
}

type PageModule = { default: ComponentType };
type PageComponent = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<unknown>;
  /** The page's source file (e.g. src/pages/MenuPage.tsx): the prerenderer looks up its chunks by it. */
  source: string;
};

// Every page is its own chunk; the glob lets a route name its page once (and the build find it).
const pageModules = import.meta.glob<PageModule>('../pages/*Page.tsx');

/**
 * A lazily loaded page that can be preloaded. Once its chunk is in, the lazy factory returns a
 * thenable that settles synchronously, so React renders the page at once instead of showing a
 * Suspense fallback (which React holds for ~300 ms even when the chunk arrives in a few ms).
 */
function page(name: string): PageComponent {
  const load = pageModules[`../pages/${name}.tsx`];
  if (!load) throw new Error(`src/pages/${name}.tsx does not exist`);
  let loaded: PageModule | undefined;
  // Offline, a page not loaded yet waits for the connection (the Suspense fallback) instead of failing.
  const preload = () => loadWhenOnline(load).then((module) => (loaded = module));
  const component = lazy(() => (loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : preload()));
  return Object.assign(component, { preload, source: `src/pages/${name}.tsx` });
}

/** Every path of SPEC.md §2's route table. Anything else renders the 404 page. */
export const routes: RouteDef[] = [
  {
    path: '/',
    component: page('HomePage'),
    title: 'Board Game & Video Game Bar in a Brooklyn Comedy Club',
    description:
      'Free board game night tables, 500+ games, video games, a full bar and food inside a Brooklyn comedy club. Reserve a table: tables are limited every night.',
    public: true,
  },
  {
    path: '/menu',
    component: page('MenuPage'),
    title: 'Drink and Food Menu',
    description: 'Cocktails, beer, wine, snacks and bar food to fuel your game night in Brooklyn.',
    public: true,
  },
  {
    path: '/game-master',
    component: page('GameMasterPage'),
    title: 'Local Influencer Collabs',
    description: 'Create with us: apply for a paid collaboration with a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/game-master/thank-you',
    component: page('GameMasterThankYouPage'),
    title: 'Application Submitted',
    description: 'Thanks for applying to collaborate with us. We reply by email within a few days.',
    public: false,
  },
  {
    path: '/about',
    component: page('AboutPage'),
    title: 'About Us',
    description: 'A brand new board game and video game bar inside a Brooklyn comedy club: 500+ games, interactive fun and a community.',
    public: true,
  },
  {
    path: '/board-game-night',
    component: page('BoardGameNightPage'),
    title: 'Reserve a Free Table for Board Game Night',
    description: 'Reserve a free table for board game night in Brooklyn: 500+ games, video games, outdoor games and a full bar. 21+, tables limited.',
    public: true,
  },
  {
    path: '/trivia',
    component: page('TriviaPage'),
    title: 'Movie & Music Trivia',
    description: 'Movie Trivia on Fridays and Music Trivia on Saturdays at 10PM. Free to play; reserve your team a spot.',
    public: true,
  },
  {
    path: '/private-events',
    component: page('PrivateEventsPage'),
    title: 'Private Events & Parties',
    description: 'Host a birthday, corporate event or party for up to 60 guests with games, cocktails and a full kitchen in Brooklyn.',
    public: true,
  },
  {
    path: '/private-events/thank-you',
    component: page('PrivateEventsThankYouPage'),
    title: 'Inquiry Received',
    description: 'Thanks for your private event inquiry. Our events team replies within 24 hours.',
    public: false,
  },
  {
    path: '/meetups-groups',
    component: page('MeetupsGroupsPage'),
    title: 'Game Nights, Meetups, & More',
    description: 'Weekly game nights, Magic drafts, Pokemon, Star Wars Unlimited, meetups and special events. Pick a date and reserve your spot.',
    public: true,
  },
  {
    path: '/join-whatsapp',
    component: page('JoinWhatsappPage'),
    title: 'Join Our Game Night Group Chat',
    description: 'Join the group chat to find players, hear about game nights first and never play alone.',
    public: true,
  },
  {
    path: '/tiny-cupboard-landing',
    component: page('ComedyLandingPage'),
    title: 'Comedy and Games in Brooklyn',
    description: 'Catch a comedy show and stay for board games. Reserve your seat at the only comedy club with a board game bar.',
    public: true,
  },
  {
    path: '/thank-you',
    component: page('MonthlyPassThankYouPage'),
    title: 'Monthly Pass Active',
    description: 'Your monthly game night pass is active.',
    public: false,
  },
  {
    path: '/reservation-thank-you',
    component: page('ReservationThankYouPage'),
    title: "You're All Set",
    description: 'Your reservation is confirmed.',
    public: false,
  },
  {
    path: '/cancel/:token',
    component: page('CancelReservationPage'),
    title: 'Cancel Your Reservation',
    description: 'Cancel a reservation.',
    public: false,
  },
  {
    path: '/terms',
    component: page('TermsPage'),
    title: 'Terms of Service',
    description: 'The terms that apply when you use our website and reserve with us.',
    public: true,
  },
  {
    path: '/privacy',
    component: page('PrivacyPage'),
    title: 'Privacy Policy',
    description: 'What we collect when you reserve or contact us, how we use it and your rights.',
    public: true,
  },
  {
    path: '/cookies',
    component: page('CookiesPage'),
    title: 'Cookie Policy',
    description: 'How our website uses cookies and browser storage.',
    public: true,
  },
  {
    path: '/blog',
    component: page('BlogIndexPage'),
    title: 'Blog',
    description: 'Stories, guides and ideas from a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/blog/:slug',
    component: page('BlogArticlePage'),
    preloadData: (pathname) => loadArticleBody(pathname.slice('/blog/'.length)).catch(() => undefined),
    title: 'Blog',
    description: 'Stories, guides and ideas from a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/faq',
    component: page('FaqPage'),
    title: 'Frequently Asked Questions',
    description: 'Hours, age policy, cost, reservations, games, food and private events: answers to the questions guests ask most.',
    public: true,
  },
  {
    path: '/admin/login',
    component: page('AdminLoginPage'),
    title: 'Staff Login',
    description: 'Staff sign-in.',
    public: false,
    // The staff area has its own frame (features/admin AdminShell), not the public site's.
    bare: true,
  },
  {
    path: '/admin/dashboard',
    component: page('AdminDashboardPage'),
    title: 'Staff Dashboard',
    description: 'Reservations and operations.',
    public: false,
    bare: true,
  },
  {
    path: '/game-nights-poster',
    component: page('GameNightsPosterPage'),
    title: 'Game Nights Poster',
    description: 'A printable poster of our weekly game nights.',
    public: false,
  },
  {
    path: '/kiosk',
    component: page('KioskPage'),
    title: 'Walk-in Reservations',
    description: 'Reserve a board game table for tonight at the door.',
    public: false,
    bare: true,
    selfUpdating: true,
  },
];

export const NotFoundPage = page('NotFoundPage');

/** The route a URL path renders (as the router's Switch picks it), or null for the 404 page. */
export function routeForPath(pathname: string): RouteDef | null {
  // regexparam is the pattern parser wouter itself uses, so this matches exactly as <Switch> does.
  return routes.find((route) => matchRoute(parsePattern, route.path, pathname)[0]) ?? null;
}

/** Loads the page a path renders, so hydration finds it in memory (no Suspense fallback). */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = routeForPath(pathname);
  return Promise.all([(route?.component ?? NotFoundPage).preload(), route?.preloadData?.(pathname)]);
}

/** Starts loading a route's page (idempotent; a failed load, e.g. offline, retries on navigation). */
export function preloadRoute(path: string): void {
  routes
    .find((route) => route.path === path)
    ?.component.preload()
    .catch(() => undefined);
}

/** Preloads the pages a guest is likely to open next, e.g. the thank-you page while a form is filled in. */
export function usePreloadRoutes(paths: readonly string[]): void {
  const key = paths.join('|');
  useEffect(() => {
    for (const path of key.split('|')) preloadRoute(path);
  }, [key]);
}
