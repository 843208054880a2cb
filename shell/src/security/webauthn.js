// Passkeys in the browser (@simplewebauthn/browser turns the server's JSON options into the
// WebAuthn calls and the answer back into JSON). Loaded on demand: only the screens that use a
// passkey import this module (lazy-webauthn), never the shell's first load.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { api, ApiError, perform, setToken } from '@smogpanel/kit';

const CANCELLED =
  'Nie udało się użyć klucza dostępu: przeglądarka go nie potwierdziła (anulowano, minął czas albo brak klucza).';

/** The browser's own step; its refusals (cancelled, no passkey) become a Polish ApiError. */
async function inBrowser(step) {
  try {
    return await step();
  } catch {
    throw new ApiError('PASSKEY_FAILED', [{ name: '', description: CANCELLED }]);
  }
}

/**
 * Signs in with a passkey: with `ticket` (the password's first step) as the second step, without
 * it as a sign-in with no password. Resolves {ok, payload: token}.
 */
export function passkeySignIn(ticket) {
  const withTicket = ticket ? { ticket } : {};
  return perform('auth', 'passkey', async () => {
    const { options } = await api.post('/auth/passkey/options', withTicket);
    const credential = await inBrowser(() => startAuthentication({ optionsJSON: options }));
    const token = await api.post('/auth/passkey', { ...withTicket, challenge: options.challenge, credential });
    setToken(token);
    return token;
  });
}

/** Registers a new passkey of the signed-in account under `name`; resolves {ok, payload}. */
export function addPasskey(name) {
  return perform('twoFactor', 'addPasskey', async () => {
    const { options } = await api.post('/user/2fa/passkeys/options');
    const credential = await inBrowser(() => startRegistration({ optionsJSON: options }));
    const added = await api.post('/user/2fa/passkeys', { name, challenge: options.challenge, credential });
    if (added && added.token) setToken(added.token);
    return added;
  });
}

export const passkeysAvailable = () => typeof window !== 'undefined' && Boolean(window.PublicKeyCredential);
