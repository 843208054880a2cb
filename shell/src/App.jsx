// Top-level routes: the public screens, everything else behind sign-in.
import { Route, Routes } from 'react-router-dom';
import { ForgotPassword } from './public/ForgotPassword.jsx';
import { Login } from './public/Login.jsx';
import { PublicLayout } from './public/PublicLayout.jsx';
import { ResetPassword } from './public/ResetPassword.jsx';
import { SignedIn } from './signed-in/SignedIn.jsx';

export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<Login />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password/:token" element={<ResetPassword />} />
      </Route>
      <Route path="*" element={<SignedIn />} />
    </Routes>
  );
}
