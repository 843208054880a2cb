// Loads a plugin's federated module at run time with webpack's built-in container API:
// init the share scope, inject the remote's script, container.init(scope), container.get(module).

const containers = new Map(); // scope -> Promise<container>, so each remote is fetched and initialised once

function injectScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Nie udało się pobrać ${url}`));
    document.head.appendChild(script);
  });
}

async function containerOf({ entry, scope }) {
  await __webpack_init_sharing__('default');
  if (!window[scope]) await injectScript(entry);
  const container = window[scope];
  // e.g. the server answered with an HTML page instead of the script
  if (!container || typeof container.get !== 'function') throw new Error(`${entry} nie udostępnia modułu ${scope}`);
  await container.init(__webpack_share_scopes__.default);
  return container;
}

/** plugin: {entry, scope, module} from GET /api/plugins; resolves with the module's exports. */
export async function loadRemote(plugin) {
  let pending = containers.get(plugin.scope);
  if (!pending) {
    pending = containerOf(plugin);
    containers.set(plugin.scope, pending);
    pending.catch(() => containers.delete(plugin.scope)); // a later visit may try again
  }
  const container = await pending;
  const factory = await container.get(plugin.module);
  return factory();
}
