// The widget's side: it reports its height to the page and sends clicks on the link overlay as
// redirect messages once the loader said hello; it shows a Polish notice when the data fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmbed } from './frame.js';

const UUID = 'u-1';
let posted;

function setUp({ search = '', answer = { success: true, message: { text: 'Witaj' } } } = {}) {
  const config = JSON.stringify({ kind: 'timer', name: 'x', embed: UUID, api: '/api/public/timer/x' });
  document.body.innerHTML =
    '<div id="smogpanel-widget"></div>' + `<script type="application/json" id="smogpanel-public">${config}</script>`;
  window.history.replaceState(null, '', `/view/timer/x/embed/${UUID}${search}`);
  posted = [];
  const parent = { postMessage: (message, target) => posted.push({ message, target }) };
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
  globalThis.fetch = vi.fn(async () => ({ json: async () => answer }));
  vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue({ height: 321.4 });
  return parent;
}

afterEach(() => vi.restoreAllMocks());

describe('startEmbed', () => {
  beforeEach(() => setUp());

  it('renders the payload and reports its height with the uuid', async () => {
    await startEmbed((root, payload) => {
      root.textContent = payload.text;
    });
    expect(document.getElementById('smogpanel-widget').textContent).toBe('Witaj');
    expect(fetch).toHaveBeenCalledWith('/api/public/timer/x', expect.anything());
    expect(posted.at(-1)).toEqual({ message: { type: 'smogpanel:resize', height: 322, uuid: UUID }, target: '*' });
  });

  it('reports again when the loader says hello', async () => {
    const parent = window.parent;
    await startEmbed(() => {});
    const before = posted.length;
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'smogpanel:hello', uuid: UUID }, source: null }));
    expect(posted.length).toBe(before); // not from the parent: ignored
    const hello = new MessageEvent('message', { data: { type: 'smogpanel:hello', uuid: UUID } });
    Object.defineProperty(hello, 'source', { value: parent });
    window.dispatchEvent(hello);
    // (earlier tests' widgets listen on the same window too, hence "at least one")
    expect(posted.length).toBeGreaterThan(before);
    expect(posted.at(-1).message).toEqual({ type: 'smogpanel:resize', height: 322, uuid: UUID });
  });
});

describe('the link overlay', () => {
  it('is there only with an http(s) link and sends a redirect once the loader is present', async () => {
    const parent = setUp({ search: '?link=' + encodeURIComponent('https://partner.example.com/akcja') });
    await startEmbed(() => {});
    const overlay = document.querySelector('a.smogpanel-link');
    expect(overlay.getAttribute('href')).toBe('https://partner.example.com/akcja');
    const hello = new MessageEvent('message', { data: { type: 'smogpanel:hello', uuid: UUID } });
    Object.defineProperty(hello, 'source', { value: parent });
    window.dispatchEvent(hello);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    overlay.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(posted.at(-1).message).toEqual({
      type: 'smogpanel:redirect',
      url: 'https://partner.example.com/akcja',
      uuid: UUID,
    });
  });

  it('is left out for a javascript: link', async () => {
    setUp({ search: '?link=' + encodeURIComponent('javascript:alert(1)') });
    await startEmbed(() => {});
    expect(document.querySelector('a.smogpanel-link')).toBe(null);
  });
});

describe('the inline payload', () => {
  it('is drawn without a request when the page carries it', async () => {
    setUp();
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = 'smogpanel-payload';
    // As the server writes it: '<' escaped, so '</script>' in a text cannot end the element.
    inline.textContent = '{"success":true,"message":{"text":"\\u003c/script\\u003e z serwera"}}';
    document.body.appendChild(inline);
    await startEmbed((root, payload) => {
      root.textContent = payload.text;
    });
    expect(document.getElementById('smogpanel-widget').textContent).toBe('</script> z serwera');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to the payload endpoint when it cannot be read', async () => {
    setUp();
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = 'smogpanel-payload';
    inline.textContent = '{"success": tru';
    document.body.appendChild(inline);
    await startEmbed((root, payload) => {
      root.textContent = payload.text;
    });
    expect(fetch).toHaveBeenCalledWith('/api/public/timer/x', expect.anything());
    expect(document.getElementById('smogpanel-widget').textContent).toBe('Witaj');
  });
});

it('shows a Polish notice when the payload cannot be read', async () => {
  setUp({ answer: { success: false, message: 'NOT_FOUND' } });
  await startEmbed(() => {});
  expect(document.getElementById('smogpanel-widget').textContent).toContain('Nie udało się wczytać');
});
