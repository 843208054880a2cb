// Route declarations derived from a resource's screens, as react-admin's <Resource> derives them,
// so a plugin's routes.jsx names its screens rather than writing every path by hand.
import { createElement } from 'react';

const routeOf = (path, Screen) => ({ path, element: createElement(Screen) });
const under = (path, screens) => Object.entries(screens).map(([name, Screen]) => routeOf(`${path}/${name}`, Screen));

/**
 * resourceRoutes(path, {param, list, create, edit, screens, record, children}) → [{path, element}]
 *
 * `list` at `path`, `create` at `path/add`, `edit` at `path/:param` (a name ending in Id: the
 * shell checks it is digits); `screens` ({name: Screen}) at `path/name` (an import),
 * `record` ({name: Screen}) at `path/:param/name` (a record's own import or senders), and
 * `children` ({name: {param, list, ...}}) the resources nested under a record at
 * `path/:param/name`. Any screen may be left out.
 */
export function resourceRoutes(path, { param, list, create, edit, screens = {}, record = {}, children = {} }) {
  const recordPath = `${path}/:${param}`;
  return [
    list && routeOf(path, list),
    create && routeOf(`${path}/add`, create),
    ...under(path, screens),
    edit && routeOf(recordPath, edit),
    ...under(recordPath, record),
    ...Object.entries(children).flatMap(([name, child]) => resourceRoutes(`${recordPath}/${name}`, child)),
  ].filter(Boolean);
}
