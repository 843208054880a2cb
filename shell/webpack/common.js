// What the host and every remote build the same way: JSX through Babel, CSS extracted.
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

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
    resolve: { extensions: ['.js', '.jsx'] },
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
  };
}

module.exports = { commonConfig };
