/** The monthly pass receipt (/thank-you): query parsing, the derived id and the page sections. */
export { MonthlyPassDetails, MonthlyPassHero } from './MonthlyPass';
export { readPassReceipt, formatCents, peopleLabel, passLine, type PassReceipt, type PassConfirmationBody } from './receipt';
export { derivePassId } from './passId';
