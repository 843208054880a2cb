// Everything else comes from the shell's remote factory (output, federation, shared singletons).
module.exports = require('@smogpanel/shell/webpack/remote')({ name: 'hierarchy', dir: __dirname });
