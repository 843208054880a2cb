// The webpack config of a plugin's embed bundle: plain DOM, one file, no framework, built to
// plugins/<name>/static/embed/embed.<contenthash>.js with manifest.json naming it
// ({"embed.js": "embed.1a2b3c4d.js"}): the public pages read the manifest, so the bundle can be
// cached for a year (immutable) and a new build is a new URL.
// The partner-site loader keeps a fixed name (`hashed: false`): partners paste its URL.
//   module.exports = [remote, require('@smogpanel/embeds/webpack')({ name: 'timers', dir: __dirname })];
const path = require('path');
const { Compilation, sources } = require('webpack');

class EmbedManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmbedManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmbedManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const manifest = {};
          for (const [name, entry] of compilation.entrypoints) {
            const file = entry.getFiles().find((f) => f.endsWith('.js'));
            if (file) manifest[`${name}.js`] = file;
          }
          compilation.emitAsset('manifest.json', new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

function embedConfig({ name, dir, entry = './src/embed/index.js', outputPath, hashed = true }) {
  return {
    name: `${name}-embed`,
    mode: 'production',
    devtool: false,
    context: dir,
    target: ['web', 'es2017'],
    entry: typeof entry === 'string' ? { embed: entry } : entry,
    output: {
      path: outputPath || path.resolve(dir, '..', 'static', 'embed'),
      filename: hashed ? '[name].[contenthash:8].js' : '[name].js',
      // Parts loaded on demand (the runtime's download actions): beside the bundle, by content hash.
      chunkFilename: 'lazy-[name].[contenthash:8].js',
      clean: true,
    },
    plugins: hashed ? [new EmbedManifestPlugin()] : [],
    performance: { hints: false },
  };
}

module.exports = embedConfig;
