/**
 * Small line icons for feature cards (decorative: the heading beside them says it all).
 * Drawn as SVG rather than emoji so they look the same on every device and font setup.
 */
import type { ReactElement, SVGProps } from 'react';
import { LineIcon } from '../../components/LineIcon';

export type IconName = 'dice' | 'paddle' | 'people' | 'megaphone' | 'puzzle' | 'party' | 'mic' | 'ticket' | 'calendar';

const paths: Record<IconName, ReactElement> = {
  dice: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <circle cx="8" cy="8" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="16" cy="16" r="1.2" fill="currentColor" />
    </>
  ),
  paddle: (
    <>
      <circle cx="10" cy="10" r="6.5" />
      <path d="m14.6 14.6 5.4 5.4" />
      <circle cx="19" cy="5" r="1.6" fill="currentColor" />
    </>
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.2c2.8.2 5 2.5 5 5.3" />
    </>
  ),
  megaphone: (
    <>
      <path d="M3 10v4a1 1 0 0 0 1 1h3l8 5V4L7 9H4a1 1 0 0 0-1 1Z" />
      <path d="M19 9a4 4 0 0 1 0 6" />
    </>
  ),
  puzzle: (
    <path d="M10 3h4v3a2 2 0 1 0 4 0V3h3v7h-3a2 2 0 1 0 0 4h3v7h-7v-3a2 2 0 1 0-4 0v3H3v-7h3a2 2 0 1 0 0-4H3V3h7Z" />
  ),
  party: (
    <>
      <path d="m4 20 5-13 8 8-13 5Z" />
      <path d="M14 4c1 1 1 2.5 0 3.5M20 10c-1-1-2.5-1-3.5 0M17 3l.5 1.5M21 7l-1.5.5" />
    </>
  ),
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M9 21h6" />
    </>
  ),
  ticket: (
    <path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 1 0-4V6H3v2Zm10-2v12" />
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="3" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
};

export function Icon({ name, ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <LineIcon size={28} {...rest}>
      {paths[name]}
    </LineIcon>
  );
}
