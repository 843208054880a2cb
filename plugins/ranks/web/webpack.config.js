// Two builds: the admin screens (a federated remote from the shell's factory) and the public
// table (plain DOM, static/embed/embed.js, loaded by /view/rank/... pages).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'ranks', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'ranks', dir: __dirname }),
];
