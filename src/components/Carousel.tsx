import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { takeEarlyTaps } from './carouselTaps';
import styles from './Carousel.module.css';

export interface CarouselImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

interface Props {
  images: readonly CarouselImage[];
  label: string;
}

/**
 * Photo carousel on Embla (small, well-kept, accessible-friendly; we only add buttons and keys).
 * 1 slide per view on small screens, 2 on medium, 3 on large (CSS), loops, arrow keys move it.
 */
export function Carousel({ images, label }: Props) {
  // SPEC §9: drag threshold 10, animation duration 25.
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start', dragThreshold: 10, duration: 25 });
  const [selected, setSelected] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect);
    api.on('reInit', onSelect);
    // Taps made before Embla was up (carouselTaps.ts counted them, whether or not React saw them): made now.
    const early = takeEarlyTaps(rootRef.current);
    for (let i = 0; i < Math.abs(early); i += 1) {
      if (early > 0) api.scrollNext();
      else api.scrollPrev();
    }
    return () => {
      api.off('select', onSelect);
      api.off('reInit', onSelect);
    };
  }, [api]);

  const move = useCallback(
    (step: 1 | -1) => {
      if (!api) return; // counted by carouselTaps.ts until Embla is up
      if (step > 0) api.scrollNext();
      else api.scrollPrev();
    },
    [api],
  );
  const prev = useCallback(() => move(-1), [move]);
  const next = useCallback(() => move(1), [move]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  return (
    <div
      ref={rootRef}
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-selected={selected}
      data-ready={api ? 'true' : undefined}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.track}>
          {images.map((image, index) => (
            <div
              className={styles.slide}
              key={image.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${images.length}`}
            >
              <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" />
            </div>
          ))}
        </div>
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.control} onClick={prev} aria-label="Previous photo" data-step="-1">
          <span aria-hidden="true">←</span>
        </button>
        <p className={styles.status} aria-live="polite">
          Photo {selected + 1} of {images.length}
        </p>
        <button type="button" className={styles.control} onClick={next} aria-label="Next photo" data-step="1">
          <span aria-hidden="true">→</span>
        </button>
      </div>
    </div>
  );
}
