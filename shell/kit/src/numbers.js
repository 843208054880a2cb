// Numbers as a Polish operator types and reads them: a decimal comma (a dot is taken too), shown
// with a comma everywhere. A browser's own number input is not used: in a Polish browser it
// turned '55,5' into 555 without a word, so the kit's number fields are text inputs
// (inputmode="decimal") whose text the kit reads itself, refusing anything it cannot read exactly.

// Digits with at most one decimal separator; spaces (also non-breaking, as exports write them)
// only between groups of three digits.
const NUMBER = /^[-+−]?(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)?(?:[.,]\d*)?$/;

/**
 * The text `typed` read as a number: {ok: true, value} with `value` its plain text with a dot
 * ('55,5' -> '55.5', '' for an empty field; kept as text so the server gets every digit typed),
 * or {ok: false} when it is not a number written in one of the accepted ways.
 */
export function readNumber(typed) {
  const text = String(typed ?? '').trim();
  if (text === '') return { ok: true, value: '' };
  if (!NUMBER.test(text) || !/\d/.test(text)) return { ok: false };
  let plain = text
    .replace(/[ \u00a0\u202f]/g, '')
    .replace(',', '.')
    .replace('−', '-')
    .replace(/^\+/, '');
  if (plain.endsWith('.')) plain = plain.slice(0, -1);
  if (plain.startsWith('.') || plain.startsWith('-.')) plain = plain.replace('.', '0.');
  return { ok: true, value: plain };
}

/** A number (or its plain text with a dot) as the operator reads it: a decimal comma. */
export function formatNumber(value) {
  if (value === null || value === undefined || value === '') return '';
  return String(value).replace('.', ',');
}

/** Why `typed` is refused by a number field with `min`, `max` and `step` (as the form declares
 * them; step 'any' or none: any decimals), or '' when it is accepted. */
export function numberProblem(typed, { min, max, step } = {}) {
  const read = readNumber(typed);
  if (!read.ok) return 'Wpisz liczbę, np. 12,5 (przecinek albo kropka przed częścią dziesiętną).';
  if (read.value === '') return '';
  const number = Number(read.value);
  if (min !== undefined && min !== null && min !== '' && number < Number(min))
    return `Wartość nie może być mniejsza niż ${formatNumber(min)}.`;
  if (max !== undefined && max !== null && max !== '' && number > Number(max))
    return `Wartość nie może być większa niż ${formatNumber(max)}.`;
  if (step !== undefined && step !== null && step !== '' && step !== 'any') {
    const steps = (number - Number(min || 0)) / Number(step);
    if (Math.abs(steps - Math.round(steps)) > 1e-9)
      return Number(step) === 1 ? 'Wpisz liczbę całkowitą.' : `Wpisz wielokrotność ${formatNumber(step)}.`;
  }
  return '';
}
