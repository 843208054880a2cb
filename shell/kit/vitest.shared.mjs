// The unit-test setup every front-end workspace shares: JSX, jsdom, cleanup between tests.
//   import { testConfig } from '@smogpanel/kit/vitest'; export default testConfig();
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export function testConfig({ exclude = [] } = {}) {
  return defineConfig({
    esbuild: { jsx: 'automatic' },
    test: {
      environment: 'jsdom',
      testTimeout: 60000, // generous for a loaded machine (see src/test-setup.js)
      setupFiles: [fileURLToPath(new URL('./src/test-setup.js', import.meta.url))],
      exclude: [...configDefaults.exclude, ...exclude],
    },
  });
}
