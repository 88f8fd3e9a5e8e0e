import type { Photo } from '../content/media';

/** Photos as a list of lazy images at their own sizes; the page's class lays the list out. */
export function PhotoList({ photos, className }: { photos: readonly Photo[]; className?: string }) {
  return (
    <ul className={className}>
      {photos.map((photo) => (
        <li key={photo.src}>
          <img src={photo.src} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
