/**
 * The route table, as data: every path, its page's loader, title, description and flags. Nothing
 * here touches the DOM or React, so the prerenderer (scripts/prerender.mjs through
 * src/entry-server.tsx) and the tests read it in Node. The browser's lazy page components and
 * preloading are built from it in ./lazyPages.ts.
 *
 * Pages never import this module (a lint rule keeps src/pages out of src/app): it names every page,
 * so a page importing it would close an import circle. What a page needs from the router
 * (preloading the next page, rendering the 404 page) it gets from components/routing.
 */
// A type-only import: this module stays free of React at run time.
import type { ComponentType } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute } from 'wouter';
import { loadArticleBody } from '../content/blog';

export type PageModule = { default: ComponentType };

export interface RouteDef {
  path: string;
  /** The page's file name in src/pages (the prerenderer finds its chunks by it, see pageSource). */
  page: string;
  /**
   * Loads the page's module: each page is its own chunk. A plain dynamic import (not a glob) so the
   * import-cycle check sees the edge from this table to every page.
   */
  load: () => Promise<PageModule>;
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

/** What renders when no route matches. */
export const notFoundRoute: Pick<RouteDef, 'page' | 'load'> = {
  page: 'NotFoundPage',
  load: () => import('../pages/NotFoundPage'),
};

/** Every path of SPEC.md §2's route table. Anything else renders the 404 page. */
export const routes: RouteDef[] = [
  {
    path: '/',
    page: 'HomePage',
    load: () => import('../pages/HomePage'),
    title: 'Board Game & Video Game Bar in a Brooklyn Comedy Club',
    description:
      'Free board game night tables, 500+ games, video games, a full bar and food inside a Brooklyn comedy club. Reserve a table: tables are limited every night.',
    public: true,
  },
  {
    path: '/menu',
    page: 'MenuPage',
    load: () => import('../pages/MenuPage'),
    title: 'Drink and Food Menu',
    description: 'Cocktails, beer, wine, snacks and bar food to fuel your game night in Brooklyn.',
    public: true,
  },
  {
    path: '/game-master',
    page: 'GameMasterPage',
    load: () => import('../pages/GameMasterPage'),
    title: 'Local Influencer Collabs',
    description: 'Create with us: apply for a paid collaboration with a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/game-master/thank-you',
    page: 'GameMasterThankYouPage',
    load: () => import('../pages/GameMasterThankYouPage'),
    title: 'Application Submitted',
    description: 'Thanks for applying to collaborate with us. We reply by email within a few days.',
    public: false,
  },
  {
    path: '/about',
    page: 'AboutPage',
    load: () => import('../pages/AboutPage'),
    title: 'About Us',
    description: 'A brand new board game and video game bar inside a Brooklyn comedy club: 500+ games, interactive fun and a community.',
    public: true,
  },
  {
    path: '/board-game-night',
    page: 'BoardGameNightPage',
    load: () => import('../pages/BoardGameNightPage'),
    title: 'Reserve a Free Table for Board Game Night',
    description: 'Reserve a free table for board game night in Brooklyn: 500+ games, video games, outdoor games and a full bar. 21+, tables limited.',
    public: true,
  },
  {
    path: '/trivia',
    page: 'TriviaPage',
    load: () => import('../pages/TriviaPage'),
    title: 'Movie & Music Trivia',
    description: 'Movie Trivia on Fridays and Music Trivia on Saturdays at 10PM. Free to play; reserve your team a spot.',
    public: true,
  },
  {
    path: '/private-events',
    page: 'PrivateEventsPage',
    load: () => import('../pages/PrivateEventsPage'),
    title: 'Private Events & Parties',
    description: 'Host a birthday, corporate event or party for up to 60 guests with games, cocktails and a full kitchen in Brooklyn.',
    public: true,
  },
  {
    path: '/private-events/thank-you',
    page: 'PrivateEventsThankYouPage',
    load: () => import('../pages/PrivateEventsThankYouPage'),
    title: 'Inquiry Received',
    description: 'Thanks for your private event inquiry. Our events team replies within 24 hours.',
    public: false,
  },
  {
    path: '/meetups-groups',
    page: 'MeetupsGroupsPage',
    load: () => import('../pages/MeetupsGroupsPage'),
    title: 'Game Nights, Meetups, & More',
    description: 'Weekly game nights, Magic drafts, Pokemon, Star Wars Unlimited, meetups and special events. Pick a date and reserve your spot.',
    public: true,
  },
  {
    path: '/join-whatsapp',
    page: 'JoinWhatsappPage',
    load: () => import('../pages/JoinWhatsappPage'),
    title: 'Join Our Game Night Group Chat',
    description: 'Join the group chat to find players, hear about game nights first and never play alone.',
    public: true,
  },
  {
    path: '/tiny-cupboard-landing',
    page: 'ComedyLandingPage',
    load: () => import('../pages/ComedyLandingPage'),
    title: 'Comedy and Games in Brooklyn',
    description: 'Catch a comedy show and stay for board games. Reserve your seat at the only comedy club with a board game bar.',
    public: true,
  },
  {
    path: '/thank-you',
    page: 'MonthlyPassThankYouPage',
    load: () => import('../pages/MonthlyPassThankYouPage'),
    title: 'Monthly Pass Active',
    description: 'Your monthly game night pass is active.',
    public: false,
  },
  {
    path: '/reservation-thank-you',
    page: 'ReservationThankYouPage',
    load: () => import('../pages/ReservationThankYouPage'),
    title: "You're All Set",
    description: 'Your reservation is confirmed.',
    public: false,
  },
  {
    path: '/cancel/:token',
    page: 'CancelReservationPage',
    load: () => import('../pages/CancelReservationPage'),
    title: 'Manage Your Reservation',
    description: 'Change or cancel a reservation.',
    public: false,
  },
  {
    path: '/waitlist/:token',
    page: 'WaitlistPage',
    load: () => import('../pages/WaitlistPage'),
    title: 'Your Waitlist Entry',
    description: 'Your place on the waitlist for a board game night table: claim an offered table or leave the waitlist.',
    public: false,
  },
  {
    path: '/terms',
    page: 'TermsPage',
    load: () => import('../pages/TermsPage'),
    title: 'Terms of Service',
    description: 'The terms that apply when you use our website and reserve with us.',
    public: true,
  },
  {
    path: '/privacy',
    page: 'PrivacyPage',
    load: () => import('../pages/PrivacyPage'),
    title: 'Privacy Policy',
    description: 'What we collect when you reserve or contact us, how we use it and your rights.',
    public: true,
  },
  {
    path: '/cookies',
    page: 'CookiesPage',
    load: () => import('../pages/CookiesPage'),
    title: 'Cookie Policy',
    description: 'How our website uses cookies and browser storage.',
    public: true,
  },
  {
    path: '/blog',
    page: 'BlogIndexPage',
    load: () => import('../pages/BlogIndexPage'),
    title: 'Blog',
    description: 'Stories, guides and ideas from a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/blog/:slug',
    page: 'BlogArticlePage',
    load: () => import('../pages/BlogArticlePage'),
    preloadData: (pathname) => loadArticleBody(pathname.slice('/blog/'.length)).catch(() => undefined),
    title: 'Blog',
    description: 'Stories, guides and ideas from a Brooklyn board game bar inside a comedy club.',
    public: true,
  },
  {
    path: '/faq',
    page: 'FaqPage',
    load: () => import('../pages/FaqPage'),
    title: 'Frequently Asked Questions',
    description: 'Hours, age policy, cost, reservations, games, food and private events: answers to the questions guests ask most.',
    public: true,
  },
  {
    path: '/admin/login',
    page: 'AdminLoginPage',
    load: () => import('../pages/AdminLoginPage'),
    title: 'Staff Login',
    description: 'Staff sign-in.',
    public: false,
    // The staff area has its own frame (features/admin AdminShell), not the public site's.
    bare: true,
  },
  {
    path: '/admin/reset-password',
    page: 'AdminResetPasswordPage',
    load: () => import('../pages/AdminResetPasswordPage'),
    title: 'Set a New Password',
    description: 'Set a new password for a staff account.',
    public: false,
    bare: true,
  },
  {
    path: '/admin/accept-invite',
    page: 'AdminAcceptInvitePage',
    load: () => import('../pages/AdminAcceptInvitePage'),
    title: 'Join the Staff',
    description: 'Accept an invitation to the staff tools.',
    public: false,
    bare: true,
  },
  {
    path: '/admin/dashboard',
    page: 'AdminDashboardPage',
    load: () => import('../pages/AdminDashboardPage'),
    title: 'Staff Dashboard',
    description: 'Reservations and operations.',
    public: false,
    bare: true,
  },
  {
    path: '/game-nights-poster',
    page: 'GameNightsPosterPage',
    load: () => import('../pages/GameNightsPosterPage'),
    title: 'Game Nights Poster',
    description: 'A printable poster of our weekly game nights.',
    public: false,
  },
  {
    path: '/kiosk',
    page: 'KioskPage',
    load: () => import('../pages/KioskPage'),
    title: 'Walk-in Reservations',
    description: 'Reserve a board game table for tonight at the door.',
    public: false,
    bare: true,
    selfUpdating: true,
  },
];

type ParsedPattern = { keys: string[]; pattern: RegExp };
const parsedPatterns = new Map<string, ParsedPattern>();

/**
 * regexparam's parse (the pattern parser wouter uses), remembered per pattern. wouter's <Switch>
 * parses every route's pattern again on each render until one matches: about 30 patterns, compiled
 * to RegExps, inside one React unit of work (~12 ms of a cold /meetups-groups start here, 4× that
 * on a phone). The RegExps have no g or y flag, so exec keeps no state and one can be shared.
 */
export function parseRoutePattern(pattern: string, loose?: boolean): ParsedPattern {
  const key = `${loose ? 'loose' : 'exact'} ${pattern}`;
  let parsed = parsedPatterns.get(key);
  if (!parsed) {
    parsed = parsePattern(pattern, loose);
    parsedPatterns.set(key, parsed);
  }
  return parsed;
}

/** The route a URL path renders (as the router's Switch picks it), or null for the 404 page. */
export function routeForPath(pathname: string): RouteDef | null {
  // The same parser the app's <Router> is given, so this matches exactly as <Switch> does.
  return routes.find((route) => matchRoute(parseRoutePattern, route.path, pathname)[0]) ?? null;
}

/** A page's source file (e.g. src/pages/MenuPage.tsx): the key of its chunk in Vite's manifest. */
export function pageSource(route: Pick<RouteDef, 'page'>): string {
  return `src/pages/${route.page}.tsx`;
}
