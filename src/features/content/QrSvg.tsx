import { QRCodeSVG } from 'qrcode.react';

interface Props {
  value: string;
  label: string;
  size: number;
}

/** The code itself, dark on white with the standard four-module quiet zone (see QrCode). */
export default function QrSvg({ value, label, size }: Props) {
  return <QRCodeSVG value={value} size={size} level="M" marginSize={4} bgColor="#ffffff" fgColor="#14111c" role="img" aria-label={label} />;
}
