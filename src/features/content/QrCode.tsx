import { Suspense, type ReactNode } from 'react';
import { lazyOnApproach } from '../../components/lazyWhenOnline';
import styles from './content.module.css';

/**
 * The QR library (~5 KB as sent) loads when the guest comes near a code: the codes sit far below the
 * fold (the group chat page's is ~3,500 px down on a phone), and until then the prerendered SVG
 * stands as it is. On a route rendered in the browser it loads at once, behind a white square of
 * the code's size.
 */
const QrSvg = lazyOnApproach('qr-code', () => import('./QrSvg'));

interface Props {
  /** What the code encodes: an absolute URL. */
  value: string;
  /** What scanning it does, for screen readers ("QR code: join our group chat"). */
  label: string;
  caption?: ReactNode;
  size?: number;
  className?: string;
}

/**
 * A QR code drawn as SVG from its value (no image file to fall out of date), dark on white
 * with the standard four-module quiet zone so every phone camera reads it, in print too.
 */
export function QrCode({ value, label, caption, size = 240, className }: Props) {
  return (
    <figure className={[styles.qr, className].filter(Boolean).join(' ')} data-qr-value={value} data-part="qr-code">
      <Suspense fallback={<span className={styles.qrPending} style={{ width: size }} role="img" aria-label={label} />}>
        <QrSvg value={value} label={label} size={size} />
      </Suspense>
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
