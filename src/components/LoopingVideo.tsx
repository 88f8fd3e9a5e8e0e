import { useEffect, useRef, type VideoHTMLAttributes } from 'react';
import { usePrefersReducedMotion } from '../lib/usePrefersReducedMotion';
import { heroVideoClass } from './PageHero';

interface Props extends Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'> {
  src: string;
  poster: string;
  /** Restart this many seconds before the end (SPEC §9: the promo video restarts when < 2.5 s remain). */
  restartBeforeEndSeconds?: number;
  /** Describes the video for screen readers; the video is decorative otherwise. */
  label: string;
}

/**
 * A muted, looping background video that always has a poster (nothing shifts or goes blank)
 * and stays still for people who ask for reduced motion.
 *
 * The prerendered page names the clip but neither plays nor fetches it (no autoplay,
 * preload="none"): the poster is what a phone paints first, and the clip (55 KB and up) would
 * otherwise share a slow link with the page's fonts and scripts, and start moving before the
 * page could know that the guest asked for reduced motion. It starts once the app has taken over.
 */
export function LoopingVideo({ src, poster, restartBeforeEndSeconds, label, className, ...rest }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (reducedMotion) video.pause();
    else void Promise.resolve(video.play()).catch(() => undefined); // refused (e.g. power saving): the poster stays
  }, [reducedMotion]);

  useEffect(() => {
    const video = ref.current;
    if (!video || restartBeforeEndSeconds === undefined) return;
    const onTimeUpdate = () => {
      if (Number.isFinite(video.duration) && video.duration - video.currentTime < restartBeforeEndSeconds) {
        video.currentTime = 0;
        void video.play().catch(() => undefined);
      }
    };
    video.addEventListener('timeupdate', onTimeUpdate);
    return () => video.removeEventListener('timeupdate', onTimeUpdate);
  }, [restartBeforeEndSeconds]);

  return (
    <video
      ref={ref}
      className={className}
      poster={poster}
      muted
      loop
      playsInline
      preload="none"
      aria-label={label}
      {...rest}
    >
      <source src={src} type="video/webm" />
    </video>
  );
}

/** A page hero's clip (src/content/media): every one is 4:3 at 1200×900, framed by the hero's media slot. */
export function HeroVideo({ video, restartBeforeEndSeconds }: { video: { src: string; poster: string; label: string }; restartBeforeEndSeconds?: number }) {
  return (
    <LoopingVideo
      className={heroVideoClass}
      src={video.src}
      poster={video.poster}
      label={video.label}
      restartBeforeEndSeconds={restartBeforeEndSeconds}
      width={1200}
      height={900}
    />
  );
}
