// The host: builds core/static/shell/ (served at /static/shell/; index.html is the backend's
// SPA fallback). It provides the shared singletons and exposes ./kit for remotes.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { container } = require('webpack');
const { commonConfig } = require('./webpack/common');
const { BundleManifestPlugin } = require('./webpack/manifest');
const { sharedFor } = require('./webpack/shared');

const config = commonConfig({
  outputPath: path.resolve(__dirname, '..', 'core', 'static', 'shell'),
  publicPath: '/static/shell/',
});

config.context = __dirname;
config.entry = { main: './src/index.js' };
config.plugins.push(
  new container.ModuleFederationPlugin({
    name: 'smogpanel_shell',
    filename: 'remoteEntry.js',
    exposes: { './kit': './src/kit.js' },
    shared: sharedFor('host'),
  }),
  // Only the host's own entry: the page must not also run the shell's remoteEntry.
  new HtmlWebpackPlugin({
    template: './src/index.html',
    chunks: ['main'],
    scriptLoading: 'defer', // so settings the backend injects anywhere in the page are read first
  }),
  new BundleManifestPlugin({ entry: 'main' }),
);

module.exports = config;
