import { testConfig } from '@smogpanel/kit/vitest';

const config = testConfig();
// The definition form renders every type's rows: generous under a loaded machine (never a speed check).
config.test.testTimeout = 30000;
export default config;
