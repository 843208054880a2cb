// What the host and every remote build the same way: JSX through Babel, CSS extracted.
const path = require('path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');

// React Router 7's package exports name only its development build, whatever the mode
// (remix-run/react-router#12532): its production build, as `mode: 'production'` means.
const reactRouter = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');

function commonConfig({ outputPath, publicPath }) {
  return {
    mode: 'production',
    devtool: false,
    output: {
      path: outputPath,
      publicPath,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: {
      extensions: ['.js', '.jsx'],
      alias: {
        'react-router$': path.join(reactRouter, 'index.mjs'),
        'react-router/dom$': path.join(reactRouter, 'dom-export.mjs'),
      },
    },
    module: {
      rules: [
        {
          test: /\.jsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'babel-loader',
            options: {
              babelrc: false,
              configFile: false,
              cacheDirectory: true,
              presets: [[require.resolve('@babel/preset-react'), { runtime: 'automatic' }]],
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
    ],
    // Sizes are watched by bench/bundles.py against the budgets, not by webpack's generic hints.
    performance: { hints: false },
    // JavaScript minified by swc (@swc/core) instead of webpack's default terser: the same sizes
    // (gzip within 1 %, bench/bundles.py) for half the build's CPU (docs/performance.md, "The
    // test suite", 2026-12-07). Embed bundles (embeds/webpack/embed.js) keep terser.
    optimization: {
      minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: {} } })],
    },
  };
}

module.exports = { commonConfig };
