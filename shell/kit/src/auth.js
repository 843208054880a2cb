// Sign-in state ('auth': logged, reset) and the current user ('user': me, savedMe), in the store
// like every other resource so any plugin can read who is signed in.
import { api, removeToken, setToken, wrongCodeHeadlined } from './api.js';
import { perform, useResourceState } from './resource.js';

/**
 * Sign in with the password. The payload is the token, or for an account with a second factor
 * `{two_factor: 'required', ticket, methods}`: nothing is stored until `secondFactor` (or a
 * passkey) completes the sign-in.
 */
export async function login(email, password) {
  const result = await perform('auth', 'login', async () => {
    const answer = await api.post('/auth/login', { email, password });
    if (isSecondStep(answer)) return answer;
    setToken(answer);
    return answer;
  });
  return result;
}

export const isSecondStep = (answer) => Boolean(answer && typeof answer === 'object' && answer.two_factor);

/** The second step: a code from the app or a recovery code, with the first step's ticket. */
export const secondFactor = (ticket, code) =>
  perform('auth', 'secondFactor', async () => {
    const token = await api.post('/auth/login/second-factor', { ticket, code }).catch((error) => {
      throw wrongCodeHeadlined(error);
    });
    setToken(token);
    return token;
  });

/** Stores a token answered by another call (a passkey sign-in, a completed enrolment). */
export const signedInWith = (token) => setToken(token);

/** Asks for the password-restore mail; the answer never says whether the address exists. */
export const restore = (email) =>
  perform('auth', 'restore', () => api.get(`/auth/restore/${encodeURIComponent(email)}`));

/** Sets a new password with the token from the restore mail's link. */
export const resetPassword = (token, password) =>
  perform('auth', 'resetPassword', () => api.post('/auth/reset', { token, password }));

/** Swaps the stored token for a fresh one (called every TOKEN_REFRESH_MS while signed in). */
export const extendToken = () =>
  perform('auth', 'extend', async () => {
    const token = await api.get('/auth/extend');
    setToken(token);
    return token;
  });

export const loadMe = () => perform('user', 'me', () => api.get('/user/me'));

/**
 * Saves the own account; the password goes only when the operator typed one, and so does the
 * current password (the server asks for it when the e-mail or the password changes). A new
 * password retires every older token, so the answer's fresh `token` is stored before the next
 * call.
 */
export function saveMe({ email, password, current_password: currentPassword, firstname, lastname }) {
  const data = { email, firstname, lastname };
  if (password) data.password = password;
  if (currentPassword) data.current_password = currentPassword;
  return perform('user', 'saveMe', async () => {
    const saved = await api.post('/user/update', data);
    if (saved && saved.token) setToken(saved.token);
    await loadMe();
    return saved;
  });
}

/** Logout: forget the token and leave for the site root (a full load drops all state). */
export function logout() {
  removeToken();
  window.location.assign('/');
}

export const useAuth = () => useResourceState('auth');
export const useMe = () => useResourceState('user').me || null;

/** `may(action)` for records of `kind`, from what the server says the signed-in account may do
 * (`me.may`, smogpanel.authority); everything while that is unknown (the server decides anyway). */
export function useMay(kind) {
  const me = useMe();
  const actions = me && me.may && me.may[kind];
  return (action) => !actions || actions.includes(action);
}

/** First and last name, one of them, or the e-mail when neither exists (SPEC section 3). */
export function displayName(user) {
  if (!user) return '';
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return name || user.email || '';
}
