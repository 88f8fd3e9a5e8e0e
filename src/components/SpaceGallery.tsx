import { Suspense, useEffect } from 'react';
import { spacePhotos, menuImage } from '../content/media';
import { Container, Section } from './Layout';
import { nearViewport } from '../lib/nearViewport';
import { lazyWhenOnline } from './lazyWhenOnline';
import { CAROUSEL_SELECTOR, keepEarlyTaps } from './carouselTaps';
// The carousel's styles come with the page, not with its code: the prerendered photos are laid out
// as a carousel from the first paint, whenever the code arrives.
import './Carousel.module.css';

// Below the fold: the carousel's code (embla) is not part of the first load, and is fetched and
// started only when a guest scrolls towards it. The prerendered photos are on the page at once;
// React takes them over when the chunk is in.
const Carousel = lazyWhenOnline(() => nearViewport(CAROUSEL_SELECTOR).then(() => import('./Carousel')).then((m) => ({ default: m.Carousel })));

/** 'See Our New Space': the venue carousel shown on / and /menu. */
export function SpaceGallery({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  // A tap on the carousel before its code is in is made once it is (carouselTaps.ts).
  useEffect(keepEarlyTaps, []);
  return (
    <Section aria-labelledby="space-heading">
      <Container>
        <Heading id="space-heading">See Our New Space</Heading>
        <Suspense fallback={<div style={{ aspectRatio: '4 / 3', maxWidth: '52rem', marginInline: 'auto' }} aria-busy="true" />}>
          <Carousel images={spacePhotos} label="Photos of our new space" />
        </Suspense>
      </Container>
    </Section>
  );
}

/**
 * The drink and food menu image, optionally linking to /menu. `priority`: it is the page's main
 * content (on /menu, its largest paint), so it is fetched at once and first, not lazily once
 * layout finds it in view.
 */
export function MenuImage({ linkToMenu = false, priority = false }: { linkToMenu?: boolean; priority?: boolean }) {
  const img = (
    <img
      src={menuImage.src}
      alt={menuImage.alt}
      width={menuImage.width}
      height={menuImage.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      style={{ width: '100%', height: 'auto', maxWidth: '52rem', marginInline: 'auto', borderRadius: 'var(--radius-lg)', boxShadow: 'var(--shadow-pop)' }}
    />
  );
  return linkToMenu ? (
    <a href="/menu" aria-label="Open the full drink and food menu">
      {img}
    </a>
  ) : (
    img
  );
}
