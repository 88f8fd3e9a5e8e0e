import { Icon, type IconName } from '../../components/Icon';

/** Line icons for 'What We Offer' that the shared set doesn't have (24px grid, currentColor). */
const extra = {
  jenga: 'M4 18h16v3H4v-3Zm0-5h7v3H4v-3Zm9 0h7v3h-7v-3ZM4 8h16v3H4V8Zm0-5h7v3H4V3Zm9 0h7v3h-7V3Z',
  connect4:
    'M3 3h18v16h-2v2h-2v-2H7v2H5v-2H3V3Zm4 2.5a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5Zm5 0a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5Zm5 0a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5ZM7 11a1.75 1.75 0 1 0 0 3.5A1.75 1.75 0 0 0 7 11Zm5 0a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5Zm5 0a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5Z',
  cornhole: 'M6 3h12l3 15h-2.1l-.5-2.5H5.6L5.1 18H3L6 3Zm6 3.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM4 19h6v2H4v-2Z',
  kitchen:
    'M7 2h2v7a2 2 0 0 1-1 1.7V22H6V10.7A2 2 0 0 1 5 9V2h2v5h0V2Zm9 0c2.2 0 3 2.7 3 6 0 2-.8 3.3-2 3.8V22h-2V2h1ZM10 2h1v7H10V2Z',
  screen: 'M3 4h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-8v2h4v2H7v-2h4v-2H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm7 4v6l5-3-5-3Z',
  layout: 'M3 3h8v8H3V3Zm10 0h8v5h-8V3ZM3 13h8v8H3v-8Zm10-3h8v11h-8V10Z',
  heart: 'M12 21s-8-5.1-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.9-8 11-8 11Z',
  briefcase: 'M9 3h6a2 2 0 0 1 2 2v2h3a2 2 0 0 1 2 2v4H2V9a2 2 0 0 1 2-2h3V5a2 2 0 0 1 2-2Zm0 4h6V5H9v2ZM2 15h8v2h4v-2h8v4a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-4Z',
  cake: 'M11 1.5c1 1.3 2 2.3 2 3.5a1 1 0 0 1-2 0V1.5ZM11 7h2v3h5a2 2 0 0 1 2 2v2.5c-1.2 0-1.8.6-2.4 1.2-.6.5-1.2 1-2.1 1s-1.5-.5-2.1-1c-.6-.6-1.2-1.2-2.4-1.2s-1.8.6-2.4 1.2c-.6.5-1.2 1-2.1 1s-1.5-.5-2.1-1C4.8 15.1 4.2 14.5 3 14.5V12a2 2 0 0 1 2-2h6V7ZM3 16.6c.9.7 1.8 1.4 3.4 1.4 1.6 0 2.5-.8 3.2-1.4.5-.4.9-.8 1.4-.8.5 0 .9.4 1.4.8.7.6 1.6 1.4 3.2 1.4s2.5-.7 3.4-1.4V22H3v-5.4Z',
} as const;

export type OfferIconName = IconName | keyof typeof extra;

export function OfferIcon({ name, size = 28 }: { name: OfferIconName; size?: number }) {
  if (name in extra) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={extra[name as keyof typeof extra]} />
      </svg>
    );
  }
  return <Icon name={name as IconName} size={size} />;
}
