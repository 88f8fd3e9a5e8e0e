/**
 * The zod schemas, loaded when a form is first used (a field is focused, or it is submitted):
 * zod is about 22 KB that the first paint of a page with a form does not need.
 */
export const loadSchemas = () => import('./schemas');
