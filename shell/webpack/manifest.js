// Writes bundles.json next to the build: which files a page loads before it can render
// (`initial` and `eager`) and which only on demand (`lazy`). bench/bundles.py reads it.
const { Compilation, sources } = require('webpack');

const NAME = 'BundleManifestPlugin';
const LAZY = /^lazy-/; // chunk groups named with /* webpackChunkName: "lazy-..." */

// A shared module's fallback copy: loaded only when the share scope has no fitting version,
// which never happens on the host (it provides every shared module itself).
const isFallback = (group) =>
  group.origins.length > 0 &&
  group.origins.every((origin) => origin.module && origin.module.constructor.name === 'ConsumeSharedModule');

class BundleManifestPlugin {
  /** entry: the entrypoint a page starts from ('main' for the shell, the container name for a remote). */
  constructor({ entry }) {
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const start = compilation.entrypoints.get(this.entry);
        const jsOf = (group) =>
          group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
        const initial = new Set(jsOf(start));
        const eager = new Set();
        const lazy = new Set();
        const seen = new Set();
        const walk = (group, isLazy) => {
          for (const child of group.childrenIterable) {
            const key = `${isLazy}:${child.id}`;
            if (seen.has(key) || isFallback(child)) continue;
            seen.add(key);
            const childLazy = isLazy || LAZY.test(child.name || '');
            jsOf(child).forEach((file) => (childLazy ? lazy : eager).add(file));
            walk(child, childLazy);
          }
        };
        walk(start, false);
        const notIn =
          (...sets) =>
          (file) =>
            !sets.some((set) => set.has(file));
        const manifest = {
          entry: this.entry,
          initial: [...initial],
          eager: [...eager].filter(notIn(initial)),
          lazy: [...lazy].filter(notIn(initial, eager)),
        };
        compilation.emitAsset('bundles.json', new sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

module.exports = { BundleManifestPlugin };
