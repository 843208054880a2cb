import { testConfig } from './vitest.shared.mjs';

export default testConfig();
