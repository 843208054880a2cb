// The federated singletons: one React, one router, one axios and one kit per page.
// Versions come from the shell's pins, so a plugin never states them itself.
const shell = require('../package.json');

const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-router-dom', 'axios', '@smogpanel/kit'];

// 'react/jsx-runtime' is versioned by its package, 'react'.
const packageOf = (request) =>
  request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The `shared` option for the host (provides the modules) or a remote (only consumes them:
 * `import: false` bundles no fallback copy, so a remote stays small and cannot load a second React).
 */
function sharedFor(role) {
  return Object.fromEntries(
    SINGLETONS.map((request) => [
      request,
      {
        singleton: true,
        requiredVersion: `^${shell.dependencies[packageOf(request)]}`,
        ...(role === 'remote' ? { import: false } : {}),
      },
    ]),
  );
}

module.exports = { SINGLETONS, sharedFor };
