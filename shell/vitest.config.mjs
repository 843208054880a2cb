import { testConfig } from '@smogpanel/kit/vitest';

export default testConfig({ exclude: ['kit/**'] }); // kit/ is its own workspace with its own run
