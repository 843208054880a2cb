// The whole webpack config of a plugin's remote, so a plugin's webpack.config.js is two lines:
//   module.exports = require('@smogpanel/shell/webpack/remote')({ name: 'hierarchy', dir: __dirname });
// It builds plugins/<name>/static/remote/, served by the backend at /plugins/<name>/remote/.
const path = require('path');
const { container } = require('webpack');
const { commonConfig } = require('./common');
const { BundleManifestPlugin } = require('./manifest');
const { sharedFor } = require('./shared');

/**
 * name: the plugin's name (as in GET /api/plugins); dir: the plugin's web/ folder.
 * exposes: modules the shell may ask for; './routes' is the contract (docs/frontend.md).
 * outputDir: where the built remote goes, the Python package's static/remote/ (by default
 * web/../static/remote, as in plugins/<name>/; a third party's package may sit elsewhere).
 */
function remoteConfig({
  name,
  dir,
  exposes = { './routes': './src/routes.jsx' },
  outputDir = path.resolve(dir, '..', 'static', 'remote'),
}) {
  // A namespaced global: a plugin named e.g. "history" must not clash with window.history.
  const scope = `smogpanel_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const config = commonConfig({
    outputPath: outputDir,
    publicPath: `/plugins/${name}/remote/`,
  });
  config.context = dir;
  config.entry = {}; // a remote has no page of its own: only its container entry
  config.plugins.push(
    new container.ModuleFederationPlugin({
      name: scope,
      filename: 'remoteEntry.js',
      exposes,
      shared: sharedFor('remote'),
    }),
    new BundleManifestPlugin({ entry: scope }),
  );
  return config;
}

module.exports = remoteConfig;
