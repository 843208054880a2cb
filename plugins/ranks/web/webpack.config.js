// Three builds: the admin screens (a federated remote from the shell's factory), the public
// table (plain DOM, static/embed/embed.js, loaded by /view/rank/... pages), and its share image (static/image).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'ranks', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'ranks', dir: __dirname }),
  // The share image's script, run by the panel with Node (static/image/image.js, docs/embeds.md).
  require('@smogpanel/embeds/webpack/image')({ name: 'ranks', dir: __dirname }),
];
