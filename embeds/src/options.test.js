// The partner's look options: read from the address, invalid values ignored, applied as classes
// and custom properties (never a style attribute of the widget, never the payload).
import { afterEach, describe, expect, it } from 'vitest';
import { applyOptions, embedOptions, onAccent, themeCss, validAccent } from './options.js';

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

describe('embedOptions', () => {
  it('reads every option', () => {
    expect(embedOptions('?theme=dark&transparent=1&accent=%23C00&plain=1&image=0&data=0')).toEqual({
      theme: 'dark',
      transparent: true,
      accent: '#cc0000',
      plain: true,
      image: false,
      data: false,
    });
  });

  it('keeps the defaults for missing or invalid values', () => {
    expect(embedOptions('?theme=neon&transparent=yes&accent=red&plain=true')).toEqual({
      theme: null,
      transparent: false,
      accent: null,
      plain: false,
      image: true,
      data: true,
    });
  });
});

describe('validAccent', () => {
  it('accepts #rgb and #rrggbb only', () => {
    expect(validAccent('#0a7')).toBe('#00aa77');
    expect(validAccent('#1864AB')).toBe('#1864ab');
    for (const bad of ['1864ab', '#12345', '#1864abcc', 'url(x)', '#12g', '', null, 'red;background:url(x)'])
      expect(validAccent(bad)).toBeNull();
  });

  it('picks the readable text colour on the accent', () => {
    expect(onAccent('#ffdd00')).toBe('#111827');
    expect(onAccent('#1864ab')).toBe('#ffffff');
  });
});

describe('applyOptions', () => {
  it('sets classes and the accent as custom properties on <html>', () => {
    applyOptions(embedOptions('?theme=auto&transparent=1&plain=1&accent=%23ffdd00'));
    const html = document.documentElement;
    expect([...html.classList].sort()).toEqual(['sp-accent', 'sp-plain', 'sp-theme-auto', 'sp-transparent']);
    expect(html.style.getPropertyValue('--sp-accent')).toBe('#ffdd00');
    expect(html.style.getPropertyValue('--sp-on-accent')).toBe('#111827');
  });

  it('without options changes nothing', () => {
    applyOptions(embedOptions(''));
    expect(document.documentElement.className).toBe('');
  });

  it('hides the declared title and footer selectors in plain mode', () => {
    expect(themeCss('.spr h1,.spr-sub')).toContain('html.sp-plain :is(.spr h1,.spr-sub){display:none!important}');
  });
});
