// Two builds: the admin screens (a federated remote from the shell's factory, the only bundle
// carrying the Tiptap editor) and the public letter (plain DOM, static/embed/embed.js).
module.exports = [
  require('@smogpanel/shell/webpack/remote')({ name: 'letters', dir: __dirname }),
  require('@smogpanel/embeds/webpack')({ name: 'letters', dir: __dirname }),
];
