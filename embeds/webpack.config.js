// The partner-site loader: core/static/embeds/loader.js, served at /static/embeds/loader.js.
const path = require('path');
const embedConfig = require('./webpack/embed');

module.exports = embedConfig({
  name: 'loader',
  dir: __dirname,
  entry: { loader: './src/loader.js' },
  outputPath: path.resolve(__dirname, '..', 'core', 'static', 'embeds'),
  hashed: false, // partners paste its URL: served short-lived instead
});
