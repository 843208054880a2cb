// The signed-in shell: waits for the current user and the plugin list, then the navbar,
// the routes (core accounts screens + one outlet per enabled plugin) and the footer.
import {
  api,
  extendToken,
  getToken,
  loadMe,
  StatusBanner,
  TEXT,
  TOKEN_REFRESH_MS,
  useMe,
  useResourceState,
} from '@smogpanel/kit';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Footer } from '../Footer.jsx';
import { HistoryScreen } from '../history/HistoryScreen.jsx';
import { ReachScreen } from '../reach/ReachScreen.jsx';
import { PluginOutlet } from '../plugins/PluginOutlet.jsx';
import { byOrder, START, startPath } from '../start.js';
import { Waiting } from '../Waiting.jsx';
import { TopBar } from './TopBar.jsx';

// Screens of super administrators only ('Zadania', the accounts) and one's profile, opened
// rarely: loaded when opened, not with every operator's shell.
const Jobs = lazy(() =>
  import(/* webpackChunkName: "lazy-jobs" */ '../jobs/Jobs.jsx').then((m) => ({ default: m.Jobs })),
);
const accounts = () => import(/* webpackChunkName: "lazy-accounts" */ '../accounts/accounts.jsx');
const AccountList = lazy(() => accounts().then((m) => ({ default: m.AccountList })));
const AccountCreate = lazy(() => accounts().then((m) => ({ default: m.AccountCreate })));
const AccountAccess = lazy(() =>
  import(/* webpackChunkName: "lazy-access" */ '../accounts/access.jsx').then((m) => ({
    default: m.AccountAccess,
  })),
);
const Profile = lazy(() =>
  import(/* webpackChunkName: "lazy-profile" */ '../accounts/Profile.jsx').then((m) => ({ default: m.Profile })),
);
const Releases = lazy(() =>
  import(/* webpackChunkName: "lazy-releases" */ '../releases/Releases.jsx').then((m) => ({ default: m.Releases })),
);
const PublishRequests = lazy(() =>
  import(/* webpackChunkName: "lazy-publish-requests" */ '../publishing/PublishRequests.jsx').then((m) => ({
    default: m.PublishRequests,
  })),
);
const onDemand = (screen) => <Suspense fallback={<Waiting />}>{screen}</Suspense>;

export function SignedIn() {
  if (!getToken()) return <Navigate to="/" replace />;
  return <SignedInShell />;
}

/** GET /api/plugins: [{name, label, path, entry, scope, module, order}], in nav order. */
function usePlugins() {
  const [plugins, setPlugins] = useState({ list: null, failed: false });
  useEffect(() => {
    api.get('/plugins').then(
      (list) => setPlugins({ list: byOrder(list || []), failed: false }),
      () => setPlugins({ list: [], failed: true }),
    );
  }, []);
  return plugins;
}

function useTokenRefresh() {
  useEffect(() => {
    const timer = setInterval(() => getToken() && extendToken(), TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
}

const PROFILE = '/user/profile';

function SignedInShell() {
  const me = useMe();
  const { pathname } = useLocation();
  const user = useResourceState('user');
  const plugins = usePlugins();
  useTokenRefresh();
  useEffect(() => {
    loadMe();
  }, []);

  if (!me || !plugins.list) {
    const failed = !me && user.status.error;
    return (
      <Waiting note={TEXT.componentsLoading}>{failed && <StatusBanner status="error" errors={user.errors} />}</Waiting>
    );
  }

  // The setting requires a second factor this account lacks: the profile, where it is added,
  // is the one screen the server serves it until then.
  if (me.must_enrol && pathname !== PROFILE) return <Navigate to={PROFILE} replace />;

  return (
    <div className="d-flex flex-column min-vh-100">
      <TopBar me={me} plugins={plugins.list} />
      <main className="container flex-grow-1 py-3">
        {plugins.failed && (
          <div className="alert alert-warning" role="alert">
            Nie udało się pobrać listy modułów panelu. Dostępne są tylko konta użytkowników.
          </div>
        )}
        <Routes>
          <Route path={START} element={<Navigate to={startPath(plugins.list)} replace />} />
          <Route path="/account" caseSensitive element={onDemand(<AccountList />)} />
          <Route path="/account/add" caseSensitive element={onDemand(<AccountCreate />)} />
          <Route path="/account/:id/access" caseSensitive element={onDemand(<AccountAccess />)} />
          <Route path="/user/add" caseSensitive element={<Navigate to="/account/add" replace />} />
          <Route path={PROFILE} caseSensitive element={onDemand(<Profile />)} />
          <Route path="/jobs" caseSensitive element={onDemand(<Jobs />)} />
          <Route path="/history" caseSensitive element={<HistoryScreen />} />
          <Route path="/releases" caseSensitive element={onDemand(<Releases />)} />
          <Route path="/publish-requests" caseSensitive element={onDemand(<PublishRequests />)} />
          <Route path="/reach" caseSensitive element={<ReachScreen />} />
          {plugins.list.map((plugin) => (
            <Route
              key={plugin.name}
              path={`${plugin.path}/*`}
              caseSensitive
              element={<PluginOutlet key={plugin.name} plugin={plugin} />}
            />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
      <Footer />
    </div>
  );
}
