// The module the shell loads (exposed as ./routes): the plugin's one screen.
import { IndexScale } from './scale.jsx';

export default [{ path: '/airquality', element: <IndexScale /> }];
