// Two builds: the admin screens (a federated remote from the shell's factory) and the public
// widget (plain DOM, static/embed/embed.js, loaded by /view/item/... pages).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'items', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'items', dir: __dirname }),
];
