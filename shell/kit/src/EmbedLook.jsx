// The look options of the embed dialog: theme, transparent background, accent colour,
// no title or footer, and hiding the download actions. They go into the embed's address only
// (embedQuery): the widget reads them; its data and cached page stay the same.
import { hexColour } from './embed.js';

// Here rather than in texts.js: the dialog loads on demand, the shell's first load stays as it was.
export const LOOK_TEXT = {
  embedTheme: 'Motyw',
  embedThemes: {
    '': 'Kolory widżetu',
    light: 'Jasny',
    dark: 'Ciemny',
    auto: 'Automatyczny (jak ustawienie czytelnika)',
  },
  embedTransparent: 'Przezroczyste tło (widać tło strony partnera)',
  embedPlain: 'Bez tytułu i stopki (strona partnera ma własne)',
  embedHideImage: 'Ukryj „Pobierz obraz (PNG)”',
  embedHideData: 'Ukryj „Pobierz dane”',
  embedAccent: 'Kolor akcentu (opcjonalnie)',
  embedAccentHelp: 'Kolor linków i przycisków w postaci #rgb albo #rrggbb, np. #c2410c.',
  embedAccentInvalid: 'Podaj kolor w postaci #rgb albo #rrggbb – inaczej nie zostanie dodany do kodu.',
};
const TEXT = LOOK_TEXT;

const CHECKS = [
  ['transparent', TEXT.embedTransparent],
  ['plain', TEXT.embedPlain],
  ['hideImage', TEXT.embedHideImage],
  ['hideData', TEXT.embedHideData],
];

export const DEFAULT_LOOK = {
  theme: '',
  transparent: false,
  accent: '',
  plain: false,
  hideImage: false,
  hideData: false,
};

export function EmbedLook({ look, onChange }) {
  const set = (name, value) => onChange({ ...look, [name]: value });
  const accentInvalid = look.accent && !hexColour(look.accent);
  return (
    <fieldset className="row g-3 align-items-start mb-3">
      <div className="col-sm-4">
        <label htmlFor="embed-theme" className="form-label">
          {TEXT.embedTheme}
        </label>
        <select
          id="embed-theme"
          className="form-select"
          value={look.theme}
          onChange={(e) => set('theme', e.target.value)}>
          {Object.entries(TEXT.embedThemes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-4">
        <label htmlFor="embed-accent" className="form-label">
          {TEXT.embedAccent}
        </label>
        <input
          id="embed-accent"
          className={`form-control${accentInvalid ? ' is-invalid' : ''}`}
          value={look.accent}
          placeholder="#1864ab"
          aria-describedby="embed-accent-help"
          onChange={(e) => set('accent', e.target.value)}
        />
        <div id="embed-accent-help" className={accentInvalid ? 'invalid-feedback' : 'form-text'}>
          {accentInvalid ? TEXT.embedAccentInvalid : TEXT.embedAccentHelp}
        </div>
      </div>
      <div className="col-sm-4">
        {CHECKS.map(([name, label]) => (
          <div className="form-check" key={name}>
            <input
              id={`embed-${name}`}
              type="checkbox"
              className="form-check-input"
              checked={look[name]}
              onChange={(e) => set(name, e.target.checked)}
            />
            <label htmlFor={`embed-${name}`} className="form-check-label">
              {label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
