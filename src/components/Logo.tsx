import { venue } from '../content/venue';

/** The wordmark: a meeple in a cupboard door, then the name. Decorative mark, text is real text. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.6rem' }}>
      <svg width={compact ? 30 : 38} height={compact ? 30 : 38} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect x="3" y="3" width="42" height="42" rx="10" fill="#ffb443" />
        <rect x="9" y="9" width="30" height="30" rx="5" fill="#14111c" />
        <path
          d="M24 13.5a4.5 4.5 0 0 1 4.5 4.5c0 1.3-.55 2.45-1.43 3.27l6.43 2.73a2 2 0 0 1 .5 3.4l-3.3 2.3 2.8 6.3H27.5L24 30.5 20.5 36H14.5l2.8-6.3-3.3-2.3a2 2 0 0 1 .5-3.4l6.43-2.73A4.5 4.5 0 0 1 24 13.5Z"
          fill="#ff8fc2"
        />
      </svg>
      <span
        style={{
          fontFamily: 'var(--font-display)',
          fontWeight: 800,
          fontSize: compact ? '1.05rem' : '1.2rem',
          lineHeight: 1,
          letterSpacing: '-0.01em',
          transition: 'font-size var(--duration-base) var(--ease-out)',
        }}
      >
        {venue.shortName}{' '}
        <span style={{ display: 'block', fontSize: '0.72em', color: 'var(--color-accent)', letterSpacing: '0.14em', textTransform: 'uppercase' }}>
          Games
        </span>
      </span>
    </span>
  );
}
