/** The `data-part` of each inquiry form's <form>, watched by its lazy wrapper (lazyForms.tsx). */
export const INQUIRY_FORM_PARTS = { inquiry: 'private-event-inquiry', influencer: 'influencer-application' } as const;
