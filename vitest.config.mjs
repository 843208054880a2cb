// One vitest run over every workspace's unit tests (`npm test`): each project keeps its own
// vitest.config.mjs (jsdom, JSX, the kit's setup), and one process pool serves them all, so the
// machine starts vitest once instead of once per workspace. One workspace: `npm test -w shell`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shell/kit', 'shell', 'embeds', 'plugins/*/web', 'examples/*/web'],
  },
});
