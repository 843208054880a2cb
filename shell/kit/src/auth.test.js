// The own-account save keeps the operator signed in when the password changes (the server
// retires older tokens and answers with a fresh one).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onSignedOut } from './api.js';
import { saveMe } from './auth.js';
import { fail, mockApi, ok, resetStore } from './testing.js';

const ME = { id: 2, email: 'ja@example.pl', firstname: 'Ja', lastname: '', super: 0 };
const leave = vi.fn();

beforeEach(() => {
  resetStore();
  leave.mockReset();
  onSignedOut(leave);
  window.localStorage.setItem('token', 'old');
  window.history.pushState({}, '', '/user/profile');
});

describe('saveMe', () => {
  it('stores the fresh token of a password change before the next call', async () => {
    const calls = mockApi(({ url, headers }) => {
      if (url === '/user/update') return ok({ ...ME, token: 'new' });
      return headers.Authorization === 'Bearer new' ? ok(ME) : fail(401, 'UNAUTHORISED');
    });
    const result = await saveMe({ ...ME, password: 'nowe-haslo-1' });
    expect(result.ok).toBe(true);
    expect(window.localStorage.getItem('token')).toBe('new');
    expect(calls.map((call) => [call.url, call.headers.Authorization])).toEqual([
      ['/user/update', 'Bearer old'],
      ['/user/me', 'Bearer new'],
    ]);
    expect(leave).not.toHaveBeenCalled();
  });
});
