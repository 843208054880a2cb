import { testConfig } from '@smogpanel/kit/vitest';

export default testConfig();
