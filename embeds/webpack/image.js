// The webpack config of a plugin's share-image script: src/embed/image.js (drawing with the
// widget's own code, @smogpanel/embeds/image) built for Node as one file with no imports,
// plugins/<name>/static/image/image.js (in the wheel, never served: the panel serves only
// static/embed and static/remote), which the panel runs with `node` to draw a view's share image
// (smogpanel.public.share). Not part of the embed bundle, whose budget it leaves alone.
//   module.exports = [remote, embed, require('@smogpanel/embeds/webpack/image')({ name: 'maps', dir: __dirname })];
const path = require('path');

function imageConfig({ name, dir, entry = './src/embed/image.js' }) {
  return {
    name: `${name}-image`,
    mode: 'production',
    devtool: false,
    context: dir,
    target: 'node18',
    entry: { image: entry },
    output: { path: path.resolve(dir, '..', 'static', 'image'), filename: '[name].js', clean: true },
    optimization: { minimize: false }, // read by no browser: kept readable
    performance: { hints: false },
  };
}

module.exports = imageConfig;
