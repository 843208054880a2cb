// Three builds: the admin screens (a federated remote from the shell's factory), the public
// widget (plain DOM, static/embed/embed.js, loaded by /view/calculator/... pages), and its share image (static/image).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'calculators', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'calculators', dir: __dirname }),
  // The share image's script, run by the panel with Node (static/image/image.js, docs/embeds.md).
  require('@smogpanel/embeds/webpack/image')({ name: 'calculators', dir: __dirname }),
];
