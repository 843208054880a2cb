// The password screens, one chunk loaded when either is opened (App.jsx).
export { ForgotPassword } from './ForgotPassword.jsx';
export { ResetPassword } from './ResetPassword.jsx';
