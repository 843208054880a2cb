// Copies Swagger UI's built bundle and stylesheet (swagger-ui-dist, from the npm registry) and
// our start script into core/static/apidocs, which the panel serves as its own files: the page
// at /api/docs loads only these, under the panel's script policy (`script-src 'self'`: no CDN,
// no inline script).
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
const target = join(here, '..', '..', 'core', 'static', 'apidocs');

mkdirSync(target, { recursive: true });
for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE']) {
  copyFileSync(join(dist, name), join(target, name));
}
copyFileSync(join(here, '..', 'src', 'start.js'), join(target, 'start.js'));
const { version } = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf-8'));
console.log(`apidocs: Swagger UI ${version} -> ${target}`);
