// The one API client. Every screen and plugin goes through it, so the global rule of
// SPEC section 8 (UNAUTHORISED or a transport failure signs the operator out) holds everywhere.
import axios from 'axios';
import { API_BASE, TOKEN_KEY } from './config.js';
import { TEXT } from './texts.js';

export const getToken = () => window.localStorage.getItem(TOKEN_KEY);
export const setToken = (token) => window.localStorage.setItem(TOKEN_KEY, token);
export const removeToken = () => window.localStorage.removeItem(TOKEN_KEY);

/** A failed call: `code` is the server's upper-case code (or TRANSPORT_FAILED), `errors` its details. */
export class ApiError extends Error {
  constructor(code, errors = [], status = 0) {
    super(code);
    this.code = code;
    this.errors = Array.isArray(errors) ? errors : [];
    this.status = status;
  }
}

// Where the operator lands when signed out; the shell may swap in a router navigation.
let leave = () => window.location.assign('/');
export function onSignedOut(handler) {
  leave = handler;
}

/** Removes the token and goes to / (unless already there: the login screen handles its own errors). */
export function signOut() {
  removeToken();
  if (window.location.pathname !== '/') leave();
}

// XSRF names are axios' defaults, matching the server's cookie CSRF policy; axios sends the
// header for same-origin requests only (withXSRFToken left unset on purpose).
export const http = axios.create({
  baseURL: API_BASE,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { 'Content-Type': 'application/json' },
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  return config;
});

const isUnauthorised = (body) => body && body.success === false && body.message === 'UNAUTHORISED';

http.interceptors.response.use(
  (response) => {
    if (isUnauthorised(response.data)) signOut();
    return response;
  },
  (error) => {
    if (axios.isCancel(error)) return Promise.reject(error);
    if (!error.response)
      signOut(); // no answer at all: a transport failure
    else if (isUnauthorised(error.response.data)) signOut();
    return Promise.reject(error);
  },
);

// The ETag each record answer came with (its version, for If-Match: docs/api.md), by the answer
// object itself, so the version travels with the record wherever a screen keeps it.
const versions = new WeakMap();

/** The ETag the answer `record` came with (a record's GET or edit), or undefined. */
export const versionOf = (record) => (record && typeof record === 'object' ? versions.get(record) : undefined);

/** Sends one call and unwraps the envelope: resolves with `message`, rejects with ApiError. */
export async function request(method, url, { data, params, headers } = {}) {
  let response;
  try {
    response = await http.request({ method, url, data, params, headers });
  } catch (error) {
    if (!error.response) throw new ApiError('TRANSPORT_FAILED');
    response = error.response;
  }
  const body = response.data;
  if (body && body.success === true) {
    const etag = response.headers && response.headers.etag;
    if (etag && body.message && typeof body.message === 'object') versions.set(body.message, etag);
    return body.message;
  }
  const code = body && typeof body.message === 'string' ? body.message : 'INTERNAL_ERROR';
  let errors = body && body.errors;
  if (Object.hasOwn(UNAVAILABLE, code)) errors = [unavailable(code, body.errors)];
  else if (NOT_THE_DATA.has(code)) errors = headlined(errors, code);
  throw new ApiError(code, errors, response.status);
}

// Refusals that are not about the data sent (someone saved meanwhile, the account may not, too
// many tries): the server's reason heads the banner instead of "check the data you sent".
const NOT_THE_DATA = new Set(['CHANGED_MEANWHILE', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS']);

/** `errors` with their reason as the banner's headline (`reason`: StatusBanner): a single one
 * itself, several under the refusal's own words (TEXT.forbidden for FORBIDDEN). */
export function headlined(errors, code) {
  const described = (Array.isArray(errors) ? errors : []).filter((e) => e && e.description);
  if (described.length === 1) return [{ ...described[0], reason: code }];
  if (code === 'FORBIDDEN') return [{ name: '', description: TEXT.forbidden, reason: code }, ...described];
  return described;
}

/** A refused one-time code (VALIDATION_FAILED on the code alone) says so as the banner's headline:
 * the code is wrong, not the data. Other errors as they are. */
export function wrongCodeHeadlined(error) {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return error;
  return new ApiError(error.code, headlined(error.errors, error.code), error.status);
}

// 503 codes: the server cannot answer now, whatever was sent. Their one error carries `reason`,
// which StatusBanner shows instead of its generic "check the data you sent".
export const UNAVAILABLE = {
  DATABASE_UNAVAILABLE: TEXT.databaseUnavailable,
  MIGRATIONS_PENDING: TEXT.migrationsPending,
  SERVICE_BUSY: TEXT.serviceBusy,
};

function unavailable(code, errors) {
  const sent = Array.isArray(errors) && errors.find((e) => e && e.description);
  return { name: '', description: sent ? sent.description : UNAVAILABLE[code], reason: code };
}

export const api = {
  get: (url, params) => request('get', url, { params }),
  post: (url, data, headers) => request('post', url, { data, headers }),
  delete: (url) => request('delete', url),
};
