/**
 * vite/cssModuleSources.ts: CSS that postcss-modules copies in for `composes ... from` (parsed
 * without a `from`) gets the composing module as its source; a relative url() in it stops the build.
 */
import postcss, { type Root } from 'postcss';
import { describe, expect, it } from 'vitest';
import { cssModuleSources } from '../../vite/cssModuleSources';

/** Stands in for postcss-modules: prepends the composed-from module's CSS as text, as it does. */
const composeIn = (copied: string) => ({
  postcssPlugin: 'copy-composed',
  OnceExit(root: Root) {
    root.prepend(copied);
  },
});

async function run(copied: string) {
  const result = await postcss([composeIn(copied), cssModuleSources()]).process('.own { color: red; }', { from: '/src/a/own.module.css' });
  return result.root;
}

describe('cssModuleSources', () => {
  it('gives the copied rules and declarations the composing module as their source', async () => {
    const root = await run('.composed { width: 100%; background: url(data:image/png;base64,AA) }');
    const files = new Set<string | undefined>();
    root.walk((node) => {
      files.add(node.source?.input.file);
    });
    expect([...files]).toEqual(['/src/a/own.module.css']);
  });

  it('stops at a relative url() in copied CSS, which would resolve from the wrong folder', async () => {
    await expect(run('.composed { background: url(./tile.png) }')).rejects.toThrow(/relative url\(\) in CSS composed into \/src\/a\/own\.module\.css/);
    await expect(run('.composed { background: url("/media/tile.png") }')).resolves.toBeDefined();
  });
});
