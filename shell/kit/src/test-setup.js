import { cleanup, configure } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, expect } from 'vitest';
import { knowForms } from './helpers/schemaForm.jsx';

// The workspace's forms as the server describes them (GET /api/form/<kind>), written from the
// schemas and checked against them by core/tests/test_forms.py: a screen's test needs no request.
// Found beside the test file's package.json: `npm test` runs every workspace in one vitest run
// from the repository's root, so the working directory is not the workspace's.
beforeAll(() => {
  let folder = dirname(expect.getState().testPath);
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
  const forms = join(folder, 'forms.json');
  if (existsSync(forms)) knowForms(JSON.parse(readFileSync(forms, 'utf8')));
});

// The development machine is shared and often loaded: waits for the screen are generous, so a
// busy machine makes a test slower, never red. No test measures speed.
configure({ asyncUtilTimeout: 10000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
