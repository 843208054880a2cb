// Business constants of SPEC section 9 and the deployment settings, in one place.

export const PRODUCT = 'Smogpanel';
export const VERSION = '3.8.0';
export const TOKEN_KEY = 'token';
export const API_BASE = '/api';

export const REDIRECT_AFTER_AUTH_MS = 2000; // after login and after a restore request
export const TOKEN_REFRESH_MS = 60000;
// The spec leaves the value open; long enough to read the banner, short enough not to annoy.
export const SUCCESS_BANNER_MS = 1000;

export const DEFAULT_SUPPORT_URL = 'https://smogpanel.pl/wsparcie';

/** Settings the backend writes into index.html as JSON data in
 * `<script type="application/json" id="smogpanel-config">` (never code: the panel's
 * Content-Security-Policy runs no inline script). */
export function settings() {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById('smogpanel-config');
  try {
    return (element && JSON.parse(element.textContent)) || {};
  } catch {
    return {};
  }
}

/** The technical-support address carrying the version, the current address and `extra` fields. */
export function supportLink(extra = {}) {
  const url = new URL(settings().supportUrl || DEFAULT_SUPPORT_URL, window.location.href);
  url.searchParams.set('version', VERSION);
  url.searchParams.set('address', window.location.href);
  for (const [key, value] of Object.entries(extra)) {
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}
