// The API client: envelope, Bearer token, CSRF names and the global sign-out rule of SPEC 8.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, http, onSignedOut } from './api.js';
import { fail, mockApi, ok } from './testing.js';
import { TEXT } from './texts.js';

const leave = vi.fn();
beforeEach(() => {
  leave.mockReset();
  onSignedOut(leave);
  window.history.pushState({}, '', '/voivodeship');
});
afterEach(() => window.history.pushState({}, '', '/'));

describe('api client', () => {
  it('uses /api and the axios default XSRF names', () => {
    expect(http.defaults.baseURL).toBe('/api');
    expect(http.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(http.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it('unwraps message and sends the stored token as Bearer', async () => {
    window.localStorage.setItem('token', 'abc');
    const calls = mockApi(() => ok([1, 2]));
    await expect(api.get('/voivodeship/', { order: 'id', asc: 0 })).resolves.toEqual([1, 2]);
    expect(calls[0].headers.Authorization).toBe('Bearer abc');
    expect(calls[0].params).toEqual({ order: 'id', asc: 0 });
  });

  it('sends no Authorization header without a token', async () => {
    const calls = mockApi(() => ok(null));
    await api.get('/plugins');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('rejects a failed envelope with its code and Polish details', async () => {
    const errors = [{ name: 'name', description: 'Nazwa jest wymagana.' }];
    mockApi(() => fail(400, 'VALIDATION_FAILED', errors));
    const error = await api.post('/voivodeship/', {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual(errors);
    expect(error.status).toBe(400);
  });

  it("a 503 with the database reason carries the reason, with the server's Polish text", async () => {
    const description = 'Baza danych nie odpowiada.';
    mockApi(() => fail(503, 'DATABASE_UNAVAILABLE', [{ name: '', description }]));
    const error = await api.get('/user/').catch((e) => e);
    expect(error).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503 });
    expect(error.errors).toEqual([{ name: '', description, reason: 'DATABASE_UNAVAILABLE' }]);
    expect(leave).not.toHaveBeenCalled(); // an answer, not a transport failure: the operator stays
  });

  it("a 503 reason without details gets the shell's own Polish text", async () => {
    mockApi(() => fail(503, 'MIGRATIONS_PENDING'));
    const error = await api.get('/user/').catch((e) => e);
    expect(error.errors).toEqual([{ name: '', description: TEXT.migrationsPending, reason: 'MIGRATIONS_PENDING' }]);
  });

  it('treats success false with a 200 status as a failure too', async () => {
    mockApi(() => [200, { success: false, message: 'CONFLICT' }]);
    await expect(api.post('/voivodeship/', {})).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('other failures keep the token and stay', async () => {
    window.localStorage.setItem('token', 'abc');
    mockApi(() => fail(403, 'FORBIDDEN'));
    await expect(api.delete('/user/1')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(window.localStorage.getItem('token')).toBe('abc');
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('global sign-out rule', () => {
  it('UNAUTHORISED on a page other than / removes the token and goes to /', async () => {
    window.localStorage.setItem('token', 'abc');
    mockApi(() => fail(401, 'UNAUTHORISED'));
    await expect(api.get('/voivodeship/')).rejects.toMatchObject({ code: 'UNAUTHORISED' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('UNAUTHORISED on / (a wrong password) does not navigate', async () => {
    window.history.pushState({}, '', '/');
    mockApi(() => fail(401, 'UNAUTHORISED'));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ code: 'UNAUTHORISED' });
    expect(leave).not.toHaveBeenCalled();
  });

  it('a transport failure removes the token and goes to /', async () => {
    window.localStorage.setItem('token', 'abc');
    mockApi(() => {
      throw new Error('Network Error');
    });
    await expect(api.get('/voivodeship/')).rejects.toMatchObject({ code: 'TRANSPORT_FAILED' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(leave).toHaveBeenCalledTimes(1);
  });
});
