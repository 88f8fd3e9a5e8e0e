import type { Node, Plugin } from 'postcss';

/**
 * Gives a source file to the CSS that `composes: name from './other.module.css'` copies in.
 *
 * postcss-modules (inside Vite) copies the composed-from module's rules into the composing one with
 * `root.prepend(css)`: that parses the text without a `from`, so the copied nodes have no source.
 * Vite's url() rewriter (which runs next) then cannot tell which file a url() is relative to, and
 * printed "A PostCSS plugin did not pass the `from` option to `postcss.parse`" once per build.
 *
 * Which file a copied rule came from is no longer known here, so the copies are attributed to the
 * composing module. That is exact for everything but a relative url(), which would resolve from the
 * wrong folder: such a declaration stops the build instead, naming the file (none has one today;
 * give the url() an absolute path, or move it out of the composed-from module).
 */
export function cssModuleSources(): Plugin {
  return {
    postcssPlugin: 'venue:css-module-sources',
    // After postcss-modules' OnceExit (it runs first: Vite puts it ahead of the configured
    // plugins) and before Vite's url() rewriter (it comes last).
    OnceExit(root) {
      const source = root.source;
      if (!source?.input.file) return;
      const adopt = (node: Node) => {
        if (node.source) return;
        if (node.type === 'decl' && /url\(\s*(?!['"]?(?:data:|https?:|\/|#))/i.test(node.toString())) {
          throw node.error(`a relative url() in CSS composed into ${source.input.file} (postcss-modules drops its file): make it absolute`);
        }
        node.source = { input: source.input, start: source.start, end: source.end };
      };
      root.walk(adopt);
    },
  };
}
