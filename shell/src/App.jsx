// Top-level routes: the public screens, everything else behind sign-in.
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ForgotPassword } from './public/ForgotPassword.jsx';
import { Login } from './public/Login.jsx';
import { PublicLayout } from './public/PublicLayout.jsx';
import { ResetPassword } from './public/ResetPassword.jsx';
import { SignedIn } from './signed-in/SignedIn.jsx';

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
        <Route path="/forgot-password" caseSensitive element={<ForgotPassword />} />
        <Route path="/reset-password/:token" caseSensitive element={<ResetPassword />} />
      </Route>
      <Route path="*" element={<SignedIn />} />
    </Routes>
  );
}
