/**
 * Guest quotes for the comedy landing page. Use real words from real guests, with their
 * permission, and attribute them the way they agreed to (first name and neighbourhood is enough).
 * The quote below is a launch placeholder written in the venue's voice: replace it with a real
 * review before the page is promoted.
 */
export interface Testimonial {
  quote: string;
  name: string;
  detail: string;
}

export const comedyTestimonial: Testimonial = {
  quote: 'We came for the 8 o’clock show and were still playing Codenames at midnight. Best date night we’ve had in Brooklyn.',
  name: 'Jess and Marco',
  detail: 'Bushwick',
};
