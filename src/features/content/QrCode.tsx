import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import styles from './content.module.css';

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
    <figure className={[styles.qr, className].filter(Boolean).join(' ')} data-qr-value={value}>
      <QRCodeSVG value={value} size={size} level="M" marginSize={4} bgColor="#ffffff" fgColor="#14111c" role="img" aria-label={label} />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
