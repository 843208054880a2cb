// ESLint for the front end (`make lint`): the shell, its kit, the public embeds and every
// plugin's web/ folder. Formatting is Prettier's (.prettierrc.json); these rules look for bugs.
const js = require('@eslint/js');
const react = require('eslint-plugin-react');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

module.exports = [
  {
    // Built bundles, and the paths generated at build time (embeds/scripts/regions.mjs).
    ignores: [
      '**/node_modules/**',
      '.venv/**',
      'core/static/**',
      'plugins/*/static/**',
      'examples/*/*/static/**',
      'embeds/dist/**',
      '**/*.generated.js',
      'build/**',
      'dist/**',
    ],
  },
  {
    // A disable comment must silence a finding of an enabled rule, or it is itself an error.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    // What the browser runs, and its unit tests (vitest on jsdom, imported explicitly).
    files: [
      'shell/**/*.{js,jsx}',
      'embeds/src/**/*.{js,jsx}',
      'plugins/*/web/src/**/*.{js,jsx}',
      'examples/*/web/src/**/*.{js,jsx}',
    ],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Props are documented in each component's comment; no PropTypes at run time.
      'react/prop-types': 'off',
      // A widget on a partner's page or a panel screen says what went wrong on the page itself.
      'no-console': 'error',
    },
  },
  {
    // What a remote may import (docs/frontend.md, "What a remote may import"): the shared
    // singletons, the kit's public entries, the embeds' public modules, its own files and its own
    // dependencies; never the shell's or the kit's internals, nor another plugin's web code.
    files: ['plugins/*/web/src/**/*.{js,jsx}', 'examples/*/web/src/**/*.{js,jsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: 'Routing comes from react-router-dom (one shared copy per page).' },
            {
              name: 'react-bootstrap',
              message: 'UI comes from @smogpanel/kit (react-bootstrap would be bundled again).',
            },
          ],
          patterns: [
            {
              regex: '^@smogpanel/(?!kit$|kit/(helpers|testing|vitest)$|embeds/)',
              message:
                'A remote imports @smogpanel/kit (and /helpers, /testing in tests) and @smogpanel/embeds/*, ' +
                "never the shell's or another plugin's web code (docs/frontend.md).",
            },
            {
              regex: '^\\.\\.?/(.*/)?(shell|core|embeds|plugins)/|^(\\.\\./)+[^./][^/]*/web/',
              message:
                "A remote's relative imports stay inside its plugin: the shell, the kit and other plugins " +
                'are reached through @smogpanel/kit (docs/frontend.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The API documentation's start script (/api/docs): a classic script beside Swagger UI's bundle.
    files: ['apidocs/src/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    rules: { 'no-console': 'error' },
  },
  {
    // Module federation's runtime, which webpack provides to the loader of the plugins' remotes.
    files: ['shell/src/plugins/remotes.js'],
    languageOptions: { globals: { __webpack_init_sharing__: 'readonly', __webpack_share_scopes__: 'readonly' } },
  },
  {
    // Build configuration (webpack, CommonJS) and build scripts (ES modules), run by Node.
    files: ['**/webpack.config.js', 'shell/webpack/**/*.js', 'embeds/webpack/**/*.js', 'eslint.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // The share images' scripts run under Node on the server (@smogpanel/embeds/image).
    files: ['embeds/src/image/**/*.js', 'plugins/*/web/src/embed/image.js'],
    languageOptions: { globals: { ...globals.node } },
  },
];
