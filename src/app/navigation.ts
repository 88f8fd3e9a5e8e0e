import { venue } from '../content/venue';

export interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

/** Header links, in the order of SPEC.md §2 "Site-wide layout". */
export const headerLinks: NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Reserve A Table', href: '/board-game-night' },
  { label: 'Game Nights, Meetups & More!', href: '/meetups-groups' },
  { label: 'Host Your Dream Event', href: '/private-events' },
  { label: 'Join Group Chat', href: '/join-whatsapp' },
  { label: 'Comedy Club', href: venue.owner.calendarUrl, external: true },
  { label: 'Drink & Food Menu', href: '/menu' },
  { label: 'Local Influencer Collabs', href: '/game-master' },
];

export const footerQuickLinks: NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Blog', href: '/blog' },
  { label: 'FAQ', href: '/faq' },
];

export const footerLegalLinks: NavLink[] = [
  { label: 'Terms of Service', href: '/terms' },
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Cookie Policy', href: '/cookies' },
];

/** True when `href` is the current route: exact for '/', prefix for sections like /blog. */
export function isActiveLink(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
