// Three builds: the admin screens (a federated remote from the shell's factory) and the public
// map (plain DOM + SVG, static/embed/embed.js, loaded by /view/map/... pages). The boundaries
// module (@smogpanel/embeds/voivodeships) is written first by embeds/scripts/regions.mjs (npm run build).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'maps', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'maps', dir: __dirname }),
  // The share image's script, run by the panel with Node (static/image/image.js, docs/embeds.md).
  require('@smogpanel/embeds/webpack/image')({ name: 'maps', dir: __dirname }),
];
