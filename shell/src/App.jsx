// Top-level routes: the public screens, everything else behind sign-in.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Login } from './public/Login.jsx';
import { PublicLayout } from './public/PublicLayout.jsx';
import { SignedIn } from './signed-in/SignedIn.jsx';

// The password screens are opened from a mail or a link, rarely: loaded when opened.
const passwords = () => import(/* webpackChunkName: "lazy-passwords" */ './public/passwords.js');
const ForgotPassword = lazy(() => passwords().then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => passwords().then((m) => ({ default: m.ResetPassword })));
const onDemand = (screen) => <Suspense fallback={null}>{screen}</Suspense>;

/**
 * SPEC 2.1: routes are exact. React Router forgives a trailing slash and letter case; here a
 * path with a trailing slash goes to / (and every route is `caseSensitive`, so /MAP does too).
 */
export function App() {
  const { pathname } = useLocation();
  if (pathname.length > 1 && pathname.endsWith('/')) return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<Login />} />
        <Route path="/forgot-password" caseSensitive element={onDemand(<ForgotPassword />)} />
        <Route path="/reset-password/:token" caseSensitive element={onDemand(<ResetPassword />)} />
      </Route>
      <Route path="*" element={<SignedIn />} />
    </Routes>
  );
}
