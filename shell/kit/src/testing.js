// Test helpers for the kit and for plugins' unit tests (not part of the federated kit).
import { http } from './api.js';
import { store } from './store.js';

/**
 * Answers the API client's calls from `handler({method, url, params, data, headers})`, which
 * returns [status, body] or [status, body, headers] (lower-case names, e.g. {etag}) or throws (a
 * transport failure). Returns the list of calls seen.
 */
export function mockApi(handler) {
  serverConfig();
  const calls = [];
  http.defaults.adapter = async (config) => {
    const call = {
      method: config.method,
      url: config.url,
      params: config.params || {},
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers,
    };
    calls.push(call);
    const [status, body, headers = {}] = await handler(call);
    const response = { data: body, status, statusText: String(status), headers, config, request: {} };
    if (status >= 200 && status < 300) return response;
    const error = new Error(`Request failed with status code ${status}`);
    error.isAxiosError = true;
    error.response = response;
    error.config = config;
    throw error;
  };
  return calls;
}

/** The page's configuration as the server writes it (smogpanel.web.client_config) with the
 * hierarchy enabled: the gazetteer's gmina and voivodeship lists. At the end of <body>, after any a test writes. */
function serverConfig() {
  if (document.querySelector('script[data-test="server"]')) return;
  const config = document.createElement('script');
  config.type = 'application/json';
  config.id = 'smogpanel-config';
  config.dataset.test = 'server';
  config.textContent = JSON.stringify({ gminyPath: '/borough/', voivodeshipsPath: '/voivodeship/' });
  document.body.append(config);
}

export const ok = (message) => [200, { success: true, message }];
export const fail = (status, code, errors) => [
  status,
  { success: false, message: code, ...(errors ? { errors } : {}) },
];

/** Forgets every resource's state between tests. */
export const resetStore = () => store.reset();
export { renderAt, where } from './routesTesting.jsx';

/** GET /import/'s answer for an import screen's test: each [code, choice, columns] a type the
 * endpoint (e.g. '/checkpoint/import') takes, as the server lists it. */
export const importTypesOf = (endpoint, types) =>
  types.map(([code, choice, columns = []]) => ({
    code,
    label: choice,
    choice,
    description: '',
    columns,
    template: `/api/import/${code}/template`,
    template_query: [],
    imports: [`/api${endpoint}`],
  }));

/** A promise held until the test releases it (`release(value)`): what a screen waits for, kept
 * back until the test has seen the screen waiting. */
export function held() {
  let release;
  const promise = new Promise((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
