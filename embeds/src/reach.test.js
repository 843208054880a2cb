// The view beacon: the embedding page's origin alone (never its path or query), no cookie, the
// panel's own preview not counted, and one beacon per view.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countView, embeddingSite, hitPath, sendHit } from './reach.js';

const CONFIG = { kind: 'timer', name: 'koniec-sezonu', api: '/api/public/timer/koniec-sezonu' };

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the view beacon', () => {
  it('sends the kind, the name and the origin, without credentials', () => {
    const send = vi.fn(async () => ({}));
    expect(sendHit(CONFIG, 'https://gmina.example.pl', send)).toBe(true);
    const [path, options] = send.mock.calls[0];
    expect(path).toBe('/api/reach/hit');
    expect(JSON.parse(options.body)).toEqual({ k: 'timer', n: 'koniec-sezonu', s: 'https://gmina.example.pl' });
    expect(options).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
  });

  it('keeps the prefix the panel is served under', () => {
    expect(hitPath({ api: '/panel/api/public/timer/x' })).toBe('/panel/api/reach/hit');
  });

  it("does not count the panel's own preview", () => {
    const send = vi.fn(async () => ({}));
    expect(sendHit(CONFIG, window.location.origin, send)).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it("does not count a draft's preview link, framed or not", () => {
    const send = vi.fn(async () => ({}));
    expect(sendHit({ ...CONFIG, count: false }, 'https://gmina.example.pl', send)).toBe(false);
    expect(sendHit({ ...CONFIG, count: false }, '', send)).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it("reads only the referrer's origin when the browser names no ancestor", () => {
    const framed = { parent: {}, location: {} };
    const doc = { referrer: 'https://gmina.example.pl/aktualnosci/smog?id=7#x' };
    expect(embeddingSite(framed, doc)).toBe('https://gmina.example.pl');
    const ancestors = { parent: {}, location: { ancestorOrigins: ['http://partner.example.com:8080'] } };
    expect(embeddingSite(ancestors, doc)).toBe('http://partner.example.com:8080');
    expect(embeddingSite(window, doc)).toBe(''); // not framed: the panel's own page
  });

  it("waits for the loader's hello when the frame does not know its page, and counts once", () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => ({}));
    const heard = countView(CONFIG, true, '', send);
    expect(send).not.toHaveBeenCalled();
    heard('https://gmina.example.pl');
    heard('https://gmina.example.pl');
    vi.advanceTimersByTime(5000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(JSON.parse(send.mock.calls[0][1].body).s).toBe('https://gmina.example.pl');
  });

  it('counts a view without the loader after a short wait', () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => ({}));
    countView(CONFIG, true, '', send);
    vi.advanceTimersByTime(2000);
    expect(JSON.parse(send.mock.calls[0][1].body).s).toBe('');
  });
});
