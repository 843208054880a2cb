// The loader's side of the protocol: only our iframes, from the panel's origin, with their uuid.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HELLO, REDIRECT, RESIZE, handleMessage, httpUrl, originOf } from './protocol.js';

const PANEL = 'https://panel.example.pl';
const UUID = '0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10';

function frame({ uuid = UUID, src = `${PANEL}/view/timer/sezon/embed/${UUID}`, link } = {}) {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('data-smogpanel-embed', uuid);
  iframe.setAttribute('src', 'about:blank');
  document.body.appendChild(iframe);
  iframe.setAttribute('src', src); // jsdom does not load it; the attribute is what the loader reads
  if (link) iframe.setAttribute('data-smogpanel-link', link);
  iframe.style.height = '300px';
  return iframe;
}

const event = (iframe, data, origin = PANEL) => ({ data, origin, source: iframe.contentWindow });

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('resize', () => {
  it('sets the height of the iframe whose uuid and origin match', () => {
    const iframe = frame();
    expect(handleMessage(event(iframe, { type: RESIZE, uuid: UUID, height: 412.3 }), [iframe], vi.fn())).toBe('resize');
    expect(iframe.style.height).toBe('413px');
  });

  it('picks the right frame among several', () => {
    const a = frame({ uuid: 'a' });
    const b = frame({ uuid: 'b', src: `${PANEL}/view/timer/inny/embed/b` });
    handleMessage(event(b, { type: RESIZE, uuid: 'b', height: 500 }), [a, b], vi.fn());
    expect([a.style.height, b.style.height]).toEqual(['300px', '500px']);
  });

  it.each([
    ['another origin', (f) => event(f, { type: RESIZE, uuid: UUID, height: 500 }, 'https://evil.example.com')],
    ['another uuid', (f) => event(f, { type: RESIZE, uuid: 'other', height: 500 })],
    ['another window', () => ({ data: { type: RESIZE, uuid: UUID, height: 500 }, origin: PANEL, source: window })],
    ['a height that is not a number', (f) => event(f, { type: RESIZE, uuid: UUID, height: '500' })],
    ['a negative height', (f) => event(f, { type: RESIZE, uuid: UUID, height: -5 })],
    ['an absurd height', (f) => event(f, { type: RESIZE, uuid: UUID, height: 1e9 })],
    ['an unknown type', (f) => event(f, { type: 'smogpanel:other', uuid: UUID, height: 500 })],
    ['a string message', (f) => event(f, 'smogpanel:resize 500')],
    ['no data', (f) => event(f, null)],
  ])('ignores %s', (_, make) => {
    const iframe = frame();
    expect(handleMessage(make(iframe), [iframe], vi.fn())).toBe(null);
    expect(iframe.style.height).toBe('300px');
  });
});

describe('redirect', () => {
  it('follows the link the partner gave the frame', () => {
    const iframe = frame({ link: 'https://partner.example.com/akcja?x=1' });
    const navigate = vi.fn();
    handleMessage(
      event(iframe, { type: REDIRECT, uuid: UUID, url: 'https://partner.example.com/akcja?x=1' }),
      [iframe],
      navigate,
    );
    expect(navigate).toHaveBeenCalledWith('https://partner.example.com/akcja?x=1');
  });

  it('does nothing without a link, with another link, or from another origin', () => {
    const navigate = vi.fn();
    const bare = frame();
    handleMessage(event(bare, { type: REDIRECT, uuid: UUID, url: 'https://partner.example.com/' }), [bare], navigate);
    const linked = frame({ uuid: 'l', src: `${PANEL}/view/timer/x/embed/l`, link: 'https://partner.example.com/' });
    handleMessage(event(linked, { type: REDIRECT, uuid: 'l', url: 'https://evil.example.com/' }), [linked], navigate);
    handleMessage(
      event(linked, { type: REDIRECT, uuid: 'l', url: 'https://partner.example.com/' }, 'https://evil.example.com'),
      [linked],
      navigate,
    );
    const script = frame({ uuid: 's', src: `${PANEL}/view/timer/x/embed/s`, link: 'javascript:alert(1)' });
    handleMessage(event(script, { type: REDIRECT, uuid: 's', url: 'javascript:alert(1)' }), [script], navigate);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('reads origins and http(s) links only', () => {
    expect(originOf(`${PANEL}/view/timer/a/embed/1`)).toBe(PANEL);
    expect(originOf('javascript:alert(1)')).toBe(null);
    expect(httpUrl('http://a.pl/x')).toBe('http://a.pl/x');
    expect(httpUrl('data:text/html,x')).toBe(null);
    expect(httpUrl('/relative')).toBe(null);
    expect(HELLO).toBe('smogpanel:hello');
  });
});
