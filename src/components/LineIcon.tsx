import type { ReactNode, SVGProps } from 'react';

/**
 * The frame of a stroked line icon (24 px grid, currentColor, decorative): features keep their
 * own drawings and share this one frame, so every line icon has the same stroke and caps.
 */
export function LineIcon({ children, size = 24, ...rest }: { children: ReactNode; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
