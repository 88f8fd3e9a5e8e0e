/**
 * Every image and video the site shows, with sizes and alt text. Placeholders live in
 * public/media/; the venue replaces a file with a real photo of the same name (README "Media").
 */
export interface Photo {
  src: string;
  alt: string;
  width: number;
  height: number;
}

const photo = (name: string, alt: string): Photo => ({ src: `/media/${name}.svg`, alt, width: 1200, height: 900 });

/** 'See Our New Space': the 8 photos of the venue carousel (SPEC §2, §9). */
export const spacePhotos: Photo[] = [
  photo('space-game-wall', 'Shelves of colourful board game boxes filling the game wall'),
  photo('space-bar', 'The full bar with taps and bottles, steps from the game tables'),
  photo('space-tables', 'Game tables set with meeples and dice, ready for board game night'),
  photo('space-ping-pong', 'A ping pong table between rounds of board games'),
  photo('space-giant-jenga', 'Giant Jenga and giant Connect 4 ready to play'),
  photo('space-video-games', 'Video games on the big screen with controllers'),
  photo('space-mini-golf', 'A mini golf hole and a corn hole board'),
  photo('space-coloring', 'Adult coloring books and building bricks on a table'),
];

export const heroVideo = {
  src: '/media/hero-loop.webm',
  poster: '/media/hero-poster.svg',
  label: 'Friends laughing over a board game at the bar',
};

export const promoVideo = {
  src: '/media/promo-loop.webm',
  poster: '/media/promo-poster.svg',
  label: 'A look around board game night: the game wall, the bar and full tables',
};

export const privateEventsVideo = {
  src: '/media/private-events-loop.webm',
  poster: '/media/private-events-poster.svg',
  label: 'A private party playing games around the tables',
};

export const comedyVideo = {
  src: '/media/comedy-loop.webm',
  poster: '/media/comedy-poster.svg',
  label: 'A comedian on stage at the club',
};

export const menuImage: Photo = {
  src: '/media/menu-board.svg',
  alt: 'Drink and food menu: cocktails, beer and wine, food to share and sweets, with prices',
  width: 1200,
  height: 1348,
};

export const ownerLogo: Photo = {
  src: '/media/owner-logo.svg',
  alt: 'The Tiny Cupboard comedy club',
  width: 360,
  height: 90,
};

/**
 * The social card (Open Graph and Twitter) and the image of the venue's structured data.
 * A JPEG, because social networks do not show SVG (and it stays out of the offline precache).
 * Rendered by scripts/make-og-image.mjs; replace it with a 1200 × 630 photo of the same name.
 */
export const ogImage = {
  src: '/media/og-card.jpg',
  alt: 'Tiny Cupboard Games: a board game and video game bar inside a Brooklyn comedy club',
  width: 1200,
  height: 630,
  type: 'image/jpeg',
} as const;

/** The printable game nights poster's background art. */
export const posterArt: Photo = {
  src: '/media/space-game-wall.svg',
  alt: '',
  width: 1200,
  height: 900,
};
