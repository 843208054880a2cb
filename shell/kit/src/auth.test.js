// The own-account save keeps the operator signed in when the password changes (the server
// retires older tokens and answers with a fresh one).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onSignedOut } from './api.js';
import { isSecondStep, login, saveMe, secondFactor } from './auth.js';
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

describe('login with a second factor', () => {
  it('stores no token for the ticket and the token of the second step', async () => {
    window.localStorage.removeItem('token');
    const answer = { two_factor: 'required', ticket: 'bilet', methods: ['totp'] };
    mockApi(({ url }) => (url === '/auth/login' ? ok(answer) : ok('token-2')));
    const first = await login('ja@example.pl', 'haslo');
    expect(first.ok).toBe(true);
    expect(isSecondStep(first.payload)).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    const second = await secondFactor('bilet', '123456');
    expect(second.ok).toBe(true);
    expect(window.localStorage.getItem('token')).toBe('token-2');
  });

  it('a plain token is no second step', () => {
    expect(isSecondStep('eyJ...')).toBe(false);
    expect(isSecondStep(null)).toBe(false);
  });
});
