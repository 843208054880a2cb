import { cleanup, configure } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { afterEach } from 'vitest';
import { knowForms } from './helpers/schemaForm.jsx';

// The workspace's forms as the server describes them (GET /api/form/<kind>), written from the
// schemas and checked against them by core/tests/test_forms.py: a screen's test needs no request.
const forms = join(process.cwd(), 'forms.json');
if (existsSync(forms)) knowForms(JSON.parse(readFileSync(forms, 'utf8')));

// The development machine is shared and often loaded: waits for the screen are generous, so a
// busy machine makes a test slower, never red. No test measures speed.
configure({ asyncUtilTimeout: 10000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
