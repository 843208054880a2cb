// Two builds: the admin screens (a federated remote from the shell's factory) and the public
// search tool (plain DOM, static/embed/embed.js, loaded by /view/search/... pages).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'searches', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'searches', dir: __dirname }),
];
