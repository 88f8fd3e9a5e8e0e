import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';

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
}

type PageModule = { default: ComponentType };
type PageComponent = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded page that can be preloaded. Once its chunk is in, the lazy factory returns a
 * thenable that settles synchronously, so React renders the page at once instead of showing a
 * Suspense fallback (which React holds for ~300 ms even when the chunk arrives in a few ms).
 */
function page(load: () => Promise<PageModule>): PageComponent {
  let loaded: PageModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const component = lazy(() => (loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : preload()));
  return Object.assign(component, { preload });
}

/** Every path of SPEC.md §2's route table. Anything else renders the 404 page. */
export const routes: RouteDef[] = [
  {
    path: '/',
    component: page(() => import('../pages/HomePage')),
    title: 'Board Game & Video Game Bar in a Brooklyn Comedy Club',
    description:
      'Free board game night tables, 500+ games, video games, a full bar and food inside a Brooklyn comedy club. Reserve a table: tables are limited every night.',
    public: true,
  },
  {
    path: '/menu',
    component: page(() => import('../pages/MenuPage')),
    title: 'Drink and Food Menu',
    description: 'Cocktails, beer, wine, snacks and bar food to fuel your game night in Brooklyn.',
    public: true,
  },
  {
    path: '/game-master',
    component: page(() => import('../pages/GameMasterPage')),
    title: 'Local Influencer Collabs',
    description: 'Create with us: apply for a paid collaboration with a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/game-master/thank-you',
    component: page(() => import('../pages/GameMasterThankYouPage')),
    title: 'Application Submitted',
    description: 'Thanks for applying to collaborate with us. We reply by email within a few days.',
    public: false,
  },
  {
    path: '/about',
    component: page(() => import('../pages/AboutPage')),
    title: 'About Us',
    description: 'A brand new board game and video game bar inside a Brooklyn comedy club: 500+ games, interactive fun and a community.',
    public: true,
  },
  {
    path: '/board-game-night',
    component: page(() => import('../pages/BoardGameNightPage')),
    title: 'Reserve a Free Table for Board Game Night',
    description: 'Reserve a free table for board game night in Brooklyn: 500+ games, video games, outdoor games and a full bar. 21+, tables limited.',
    public: true,
  },
  {
    path: '/trivia',
    component: page(() => import('../pages/TriviaPage')),
    title: 'Movie & Music Trivia',
    description: 'Movie Trivia on Fridays and Music Trivia on Saturdays at 10PM. Free to play; reserve your team a spot.',
    public: true,
  },
  {
    path: '/private-events',
    component: page(() => import('../pages/PrivateEventsPage')),
    title: 'Private Events & Parties',
    description: 'Host a birthday, corporate event or party for up to 60 guests with games, cocktails and a full kitchen in Brooklyn.',
    public: true,
  },
  {
    path: '/private-events/thank-you',
    component: page(() => import('../pages/PrivateEventsThankYouPage')),
    title: 'Inquiry Received',
    description: 'Thanks for your private event inquiry. Our events team replies within 24 hours.',
    public: false,
  },
  {
    path: '/meetups-groups',
    component: page(() => import('../pages/MeetupsGroupsPage')),
    title: 'Game Nights, Meetups, & More',
    description: 'Weekly game nights, Magic drafts, Pokemon, Star Wars Unlimited, meetups and special events. Pick a date and reserve your spot.',
    public: true,
  },
  {
    path: '/join-whatsapp',
    component: page(() => import('../pages/JoinWhatsappPage')),
    title: 'Join Our Game Night Group Chat',
    description: 'Join the group chat to find players, hear about game nights first and never play alone.',
    public: true,
  },
  {
    path: '/tiny-cupboard-landing',
    component: page(() => import('../pages/ComedyLandingPage')),
    title: 'Comedy and Games in Brooklyn',
    description: 'Catch a comedy show and stay for board games. Reserve your seat at the only comedy club with a board game bar.',
    public: true,
  },
  {
    path: '/thank-you',
    component: page(() => import('../pages/MonthlyPassThankYouPage')),
    title: 'Monthly Pass Active',
    description: 'Your monthly game night pass is active.',
    public: false,
  },
  {
    path: '/reservation-thank-you',
    component: page(() => import('../pages/ReservationThankYouPage')),
    title: "You're All Set",
    description: 'Your reservation is confirmed.',
    public: false,
  },
  {
    path: '/cancel/:token',
    component: page(() => import('../pages/CancelReservationPage')),
    title: 'Cancel Your Reservation',
    description: 'Cancel a reservation.',
    public: false,
  },
  {
    path: '/terms',
    component: page(() => import('../pages/TermsPage')),
    title: 'Terms of Service',
    description: 'The terms that apply when you use our website and reserve with us.',
    public: true,
  },
  {
    path: '/privacy',
    component: page(() => import('../pages/PrivacyPage')),
    title: 'Privacy Policy',
    description: 'What we collect when you reserve or contact us, how we use it and your rights.',
    public: true,
  },
  {
    path: '/cookies',
    component: page(() => import('../pages/CookiesPage')),
    title: 'Cookie Policy',
    description: 'How our website uses cookies and browser storage.',
    public: true,
  },
  {
    path: '/blog',
    component: page(() => import('../pages/BlogIndexPage')),
    title: 'Blog',
    description: 'Stories, guides and ideas from a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/blog/:slug',
    component: page(() => import('../pages/BlogArticlePage')),
    title: 'Blog',
    description: 'Stories, guides and ideas from a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/faq',
    component: page(() => import('../pages/FaqPage')),
    title: 'Frequently Asked Questions',
    description: 'Hours, age policy, cost, reservations, games, food and private events: answers to the questions guests ask most.',
    public: true,
  },
  {
    path: '/admin/login',
    component: page(() => import('../pages/AdminLoginPage')),
    title: 'Staff Login',
    description: 'Staff sign-in.',
    public: false,
    // The staff area has its own frame (features/admin AdminShell), not the public site's.
    bare: true,
  },
  {
    path: '/admin/dashboard',
    component: page(() => import('../pages/AdminDashboardPage')),
    title: 'Staff Dashboard',
    description: 'Reservations and operations.',
    public: false,
    bare: true,
  },
  {
    path: '/game-nights-poster',
    component: page(() => import('../pages/GameNightsPosterPage')),
    title: 'Game Nights Poster',
    description: 'A printable poster of our weekly game nights.',
    public: false,
  },
  {
    path: '/kiosk',
    component: page(() => import('../pages/KioskPage')),
    title: 'Walk-in Reservations',
    description: 'Reserve a board game table for tonight at the door.',
    public: false,
    bare: true,
  },
];

export const NotFoundPage = page(() => import('../pages/NotFoundPage'));

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
