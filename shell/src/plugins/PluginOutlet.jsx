// Where a plugin's screens render. Its remote loads on first visit; a remote that fails to
// load (or a screen that throws) shows a Polish error here while the rest of the panel works.
import { Component, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Waiting } from '../Waiting.jsx';
import { loadRemote } from './remotes.js';

/**
 * The remote module's default export is a list of {path, element} (or {path, Component}).
 * Paths are absolute under the plugin's path ('/voivodeship/:voivodeshipId/district') or
 * relative to it; both become relative routes under `${plugin.path}/*`.
 */
export function relativeRoutes(routes, base) {
  if (!Array.isArray(routes)) throw new Error('Moduł wtyczki musi eksportować listę tras (export default [...]).');
  return routes.map((route) => {
    let path = route.path || '';
    if (path.startsWith('/')) {
      if (path !== base && !path.startsWith(`${base}/`))
        throw new Error(`Trasa ${path} leży poza ścieżką wtyczki ${base}.`);
      path = path.slice(base.length).replace(/^\//, '');
    }
    return { ...route, path };
  });
}

/** SPEC 2.1: ids in routes are numeric. Every parameter named ...Id must be digits, else go to /. */
function NumericIds({ children }) {
  const params = useParams();
  const wrong = Object.entries(params).some(([name, value]) => /Id$/.test(name) && !/^\d+$/.test(value));
  return wrong ? <Navigate to="/" replace /> : children;
}

export function PluginError({ plugin }) {
  return (
    <div className="alert alert-danger" role="alert">
      Nie udało się wczytać modułu „{plugin.label}”. Pozostałe części panelu działają normalnie — odśwież stronę lub
      spróbuj ponownie później.
    </div>
  );
}

class PluginBoundary extends Component {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error) {
    console.error(`Plugin ${this.props.plugin.name} failed:`, error); // eslint-disable-line no-console
  }

  render() {
    return this.state.failed ? <PluginError plugin={this.props.plugin} /> : this.props.children;
  }
}

function PluginRoutes({ plugin, load }) {
  const [loaded, setLoaded] = useState(null);
  useEffect(() => {
    let current = true;
    load(plugin)
      .then((module) => current && setLoaded({ routes: relativeRoutes(module.default ?? module, plugin.path) }))
      .catch((error) => current && setLoaded({ error }));
    return () => {
      current = false;
    };
  }, [plugin, load]);

  if (!loaded) return <Waiting note={`Wczytywanie modułu „${plugin.label}”...`} />;
  if (loaded.error) throw loaded.error; // to the boundary: one place shows every plugin failure
  return (
    <Routes>
      {loaded.routes.map(({ path, element, Component: Screen }) => (
        <Route
          key={path || 'index'}
          index={!path}
          path={path || undefined}
          caseSensitive
          element={<NumericIds>{element ?? <Screen />}</NumericIds>}
        />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** Mount with key={plugin.name}: each plugin starts with a fresh boundary and state. */
export function PluginOutlet({ plugin, load = loadRemote }) {
  return (
    <PluginBoundary plugin={plugin}>
      <PluginRoutes plugin={plugin} load={load} />
    </PluginBoundary>
  );
}
