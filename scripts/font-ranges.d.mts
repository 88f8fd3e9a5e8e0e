/** Types for font-ranges.mjs (a plain script, also run by node): see that file. */
export const UNICODE_RANGES: { body: string; display: string };
export function charactersOf(range: string): string;
