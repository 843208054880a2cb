import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The development machine is shared and often loaded: waits for the screen are generous, so a
// busy machine makes a test slower, never red. No test measures speed.
configure({ asyncUtilTimeout: 10000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
