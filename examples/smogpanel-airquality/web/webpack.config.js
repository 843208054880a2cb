// The remote goes into the Python package (smogpanel_airquality/static/remote/), which the
// panel serves at /plugins/airquality/remote/ once the plugin is installed and enabled.
const path = require('path');

module.exports = require('@smogpanel/shell/webpack/remote')({
  name: 'airquality',
  dir: __dirname,
  outputDir: path.resolve(__dirname, '..', 'smogpanel_airquality', 'static', 'remote'),
});
