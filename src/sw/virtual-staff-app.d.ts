/** Written by the build (vite.config.ts, staffAppModule): the staff app's files and version. */
declare module 'virtual:staff-app' {
  export const STAFF_APP: { version: string; files: string[] };
}
