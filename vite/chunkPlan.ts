import type { Plugin } from 'vite';

/**
 * How the app's own code is cut into files, for a phone on a slow network.
 *
 * Left to itself the bundler gives every module that the entry and a lazy page both import its own
 * chunk: about twenty files of 1–2 KB on every page, each a request the phone waits for, and each
 * page's stylesheet split the same way (seven render-blocking CSS files on the home page). This plan
 * gathers them into a few files, decided from the module graph once it is known (buildEnd, before
 * chunks are made):
 *   - `start`: what the 1 KB entry (src/main.tsx) imports besides itself (Vite's preload helper, the
 *     wait for a paint), kept apart so the entry loads nothing of the app before the first paint;
 *   - `app`: everything src/boot.tsx (the app's start, which the entry imports once the page has
 *     painted) imports statically: it runs on every page anyway;
 *   - `kit`: the shared UI in src/components that a quarter or more of the public pages import
 *     statically (the layout, the page kit, buttons, icons), unless it brings a library of its own.
 *     A page that needs one of them gets them all: a few KB more bytes, far fewer round trips.
 * Lazy code (the outbox, forms, date picker, motion, staff pages) is never statically reachable from
 * the entry or a public page's first render, so it keeps its own chunks and loads when needed.
 */
export function chunkPlan(isStaffPage: (id: string) => boolean) {
  const preStart = new Set<string>();
  const app = new Set<string>();
  const kit = new Set<string>();
  const plugin: Plugin = {
    name: 'venue:chunk-plan',
    apply: 'build',
    buildEnd() {
      // Every module a module imports statically, directly or not (memoised: pages share most).
      const closures = new Map<string, Set<string>>();
      const staticClosure = (root: string) => {
        const cached = closures.get(root);
        if (cached) return cached;
        const seen = new Set<string>();
        const stack = [root];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        closures.set(root, seen);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const start = ids.find((id) => APP_START.test(id));
      const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
      preStart.clear();
      app.clear();
      kit.clear();
      if (!start || !entry) return;
      // What the entry (index.html and the script it names) loads before the paint: besides those
      // two, it goes in `start`; none of it goes in `app`, nor does src/boot.tsx itself (a group
      // would take the module the entry imports and leave nothing for that import to name).
      const beforePaint = staticClosure(entry);
      const entryScripts = new Set([entry, ...(this.getModuleInfo(entry)?.importedIds ?? [])]);
      for (const id of beforePaint) if (!entryScripts.has(id)) preStart.add(id);
      for (const id of staticClosure(start)) if (id !== start && !beforePaint.has(id)) app.add(id);
      const pages = ids.filter((id) => /[\\/]src[\\/]pages[\\/][^\\/]+\.tsx$/.test(id) && !isStaffPage(id));
      const usedBy = new Map<string, number>();
      for (const page of pages) for (const id of staticClosure(page)) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
      // A module whose imports reach a library the entry does not already load (react-hook-form,
      // the date picker…) stays out: the group would pull that library onto every content page.
      const light = (id: string) => [...staticClosure(id)].every((dep) => app.has(dep) || isAppSource(dep));
      // Shared by a quarter of the pages or more: what nearly every page shows. Code two or three
      // pages share (the legal texts, the form parts) is left to the bundler's own shared chunks.
      const often = Math.max(2, Math.ceil(pages.length / 4));
      for (const [id, count] of usedBy) if (count >= often && !app.has(id) && isPageKit(id) && light(id)) kit.add(id);
    },
  };
  return {
    plugin,
    /** Groups for rolldown's `output.codeSplitting.groups`, below any vendor group's priority. */
    groups: [
      // Highest: the app group takes its members' imports along, and would otherwise take the
      // preload helper, so the entry would load the app before the paint.
      { name: 'start', priority: 6, test: (id: string) => preStart.has(id) },
      { name: 'app', priority: 5, test: (id: string) => app.has(id) },
      { name: 'kit', priority: 4, test: (id: string) => kit.has(id) },
    ],
  };
}

/** The module that starts the app (src/main.tsx imports it once the prerendered page has painted). */
const APP_START = /[\\/]src[\\/]boot\.tsx$/;
const isAppSource = (id: string) => /[\\/]src[\\/]/.test(id) && !/[\\/]node_modules[\\/]/.test(id);
/**
 * The shared UI of src/components, the form kit aside. Only these: a feature's index re-exports all
 * of it, so the module graph says every page "imports" every content component, though the bundler
 * keeps only what a page uses.
 */
const isPageKit = (id: string) => isAppSource(id) && /[\\/]src[\\/]components[\\/][^\\/]+$/.test(id);
