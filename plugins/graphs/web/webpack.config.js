// Three builds: the admin screens (a federated remote from the shell's factory) and the public
// chart (plain DOM on @smogpanel/embeds/charts, static/embed/embed.js, loaded by /view/graph/...).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'graphs', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'graphs', dir: __dirname }),
  // The share image's script, run by the panel with Node (static/image/image.js, docs/embeds.md).
  require('@smogpanel/embeds/webpack/image')({ name: 'graphs', dir: __dirname }),
];
