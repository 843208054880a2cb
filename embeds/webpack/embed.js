// The webpack config of a plugin's embed bundle: plain DOM, one file, no framework, built to
// plugins/<name>/static/embed/embed.js (the public pages load /plugins/<name>/embed/embed.js).
//   module.exports = [remote, require('@smogpanel/embeds/webpack')({ name: 'timers', dir: __dirname })];
const path = require('path');

function embedConfig({ name, dir, entry = './src/embed/index.js', outputPath }) {
  return {
    name: `${name}-embed`,
    mode: 'production',
    devtool: false,
    context: dir,
    target: ['web', 'es2017'],
    entry: typeof entry === 'string' ? { embed: entry } : entry,
    output: {
      path: outputPath || path.resolve(dir, '..', 'static', 'embed'),
      filename: '[name].js', // a fixed name: partner pages and the public page link to it
      clean: true,
    },
    performance: { hints: false },
  };
}

module.exports = embedConfig;
