/**
 * The `data-part` of each reservation form's <form>: the page takes a form over when the guest comes
 * near it (lazyOnApproach), so its code stays off a phone's first load. Kept apart from the forms so
 * the lazy wrappers can name them without importing them.
 */
export const FORM_PARTS = {
  boardGame: 'board-game-reservation',
  event: 'event-reservation',
} as const;

/** Where a reservation form takes the guest: each form preloads it, so it appears as soon as the server answers. */
export const THANK_YOU_ROUTES = ['/reservation-thank-you'];
