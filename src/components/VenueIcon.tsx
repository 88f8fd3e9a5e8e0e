import type { SVGProps } from 'react';
import { LineIcon } from './LineIcon';

/**
 * The venue's named line icons (dice, glass, mic, …) for the reservation and event pages, drawn in
 * the shared LineIcon frame. Inline SVG rather than emoji so they look the same on every device,
 * including ones without an emoji font; stroked, unlike the filled ./Icon set, so the two stay apart.
 */
const paths = {
  dice: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3.5" />
      <circle cx="8.5" cy="8.5" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="15.5" cy="15.5" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="15.5" cy="8.5" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="8.5" cy="15.5" r="1.2" fill="currentColor" stroke="none" />
    </>
  ),
  glass: (
    <>
      <path d="M5 4h14l-7 8z" />
      <path d="M12 12v7" />
      <path d="M8 20h8" />
    </>
  ),
  paddle: (
    <>
      <circle cx="10" cy="10" r="6" />
      <path d="M14.5 14.5 20 20" />
      <circle cx="18.5" cy="5.5" r="1.5" />
    </>
  ),
  gamepad: (
    <>
      <rect x="2.5" y="7" width="19" height="11" rx="5.5" />
      <path d="M7.5 10.5v4M5.5 12.5h4" />
      <circle cx="15.5" cy="11.5" r="1" fill="currentColor" stroke="none" />
      <circle cx="17.5" cy="13.5" r="1" fill="currentColor" stroke="none" />
    </>
  ),
  cake: (
    <>
      <path d="M4 20h16v-7a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2z" />
      <path d="M4 15c2 1.5 4 1.5 5.3 0 1.4 1.5 4 1.5 5.4 0 1.3 1.5 3.3 1.5 5.3 0" />
      <path d="M12 11V7" />
      <path d="M12 3.5c.9 1 .9 2 0 2.8-.9-.8-.9-1.8 0-2.8z" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </>
  ),
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0" />
      <path d="M12 17.5V21M9 21h6" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  film: (
    <>
      <rect x="3.5" y="4" width="17" height="16" rx="2" />
      <path d="M7.5 4v16M16.5 4v16M3.5 9h4M3.5 15h4M16.5 9h4M16.5 15h4" />
    </>
  ),
  music: (
    <>
      <path d="M9 18V5.5l11-2V16" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="17.5" cy="16" r="2.5" />
    </>
  ),
} as const;

export type VenueIconName = keyof typeof paths;

export function VenueIcon({ name, ...rest }: { name: VenueIconName } & SVGProps<SVGSVGElement>) {
  return <LineIcon {...rest}>{paths[name]}</LineIcon>;
}
