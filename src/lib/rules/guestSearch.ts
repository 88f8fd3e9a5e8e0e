/**
 * Guest search at the door (issue 11): one box matching part of a guest's name, email or phone
 * number (the phone as digits only), across all dates. Shared by the dashboard's box and the
 * server route (hooks/register/admin_search.pb.ts), which looks it up in an FTS5 trigram index
 * (pb_migrations/1763700510_reservation_search.js): the index needs 3 characters to look up.
 */
export const GUEST_SEARCH = {
  minChars: 3,
  maxChars: 100,
  maxResults: 20,
  /** The box waits this long after the last key before asking (a tablet's on-screen keyboard). */
  debounceMs: 200,
} as const;

export const GUEST_SEARCH_MESSAGES = {
  label: 'Find a guest',
  hint: 'Part of a name, an email or a phone number, on any date.',
  tooShort: `Type at least ${GUEST_SEARCH.minChars} letters or digits.`,
  tooLong: `Search for at most ${GUEST_SEARCH.maxChars} characters.`,
  noMatch: 'No reservation matches.',
  failed: 'The search did not answer. Please try again.',
} as const;

/** An FTS5 string literal: the text in double quotes, its own double quotes doubled. */
function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** What was typed, spaces tidied, and its digits (for the phone), as the search compares them. */
export interface GuestSearchTerms {
  /** Trimmed, runs of spaces as one, lower case (how names and emails are ranked). */
  text: string;
  /** Its digits, or '' when fewer than GUEST_SEARCH.minChars (too few to look a phone up). */
  digits: string;
}

export function guestSearchTerms(typed: string): GuestSearchTerms {
  const text = typed.trim().replace(/\s+/g, ' ');
  const digits = text.replace(/\D/g, '');
  return { text: text.toLowerCase(), digits: digits.length >= GUEST_SEARCH.minChars ? digits : '' };
}

/**
 * The FTS5 MATCH expression for what was typed, or null when it is too short to look up: the
 * text against name and email, and its digits (when there are 3 or more) against the phone.
 */
export function guestSearchMatch(typed: string): string | null {
  const text = typed.trim().replace(/\s+/g, ' ');
  const { digits } = guestSearchTerms(typed);
  const parts: string[] = [];
  if (text.length >= GUEST_SEARCH.minChars) parts.push(`{name email} : ${phrase(text)}`);
  if (digits) parts.push(`phone_digits : ${phrase(digits)}`);
  return parts.length > 0 ? parts.join(' OR ') : null;
}

