// The colour scale of the choropleth: equal steps between the smallest and the largest value,
// a light-to-dark sequential palette, grey for a voivodeship without a value.

export const PALETTE = ['#fde0c5', '#facba6', '#f59e72', '#e8674a', '#c7362a', '#8f1d1d'];
export const NO_DATA = '#d9dde1';

const numberFormat = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 });
/** A number as Poles write it: 12 345,5 (no value: 'brak danych'). */
export const formatNumber = (value) => (isNumber(value) ? numberFormat.format(value) : 'brak danych');

const isNumber = (value) => typeof value === 'number' && Number.isFinite(value);

/** A legend bound: as many decimals as the classes' width needs (whole numbers from 10 up). */
export function formatBound(value, width) {
  const digits = width >= 10 || width === 0 ? 0 : width >= 1 ? 1 : 2;
  return new Intl.NumberFormat('pl-PL', { maximumFractionDigits: digits }).format(value);
}

/**
 * A scale of `values` (numbers, null for none): {colour(value), classes: [{from, to, colour}]}.
 * Up to `steps` classes of equal width from min to max; one class when every value is the same;
 * none when there is no value. A value on a boundary belongs to the upper class; max to the last.
 */
export function colourScale(values, steps = 5) {
  const numbers = values.filter(isNumber);
  if (!numbers.length) return { colour: () => NO_DATA, classes: [] };
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  const count = max === min ? 1 : Math.min(steps, PALETTE.length);
  const palette = count === 1 ? [PALETTE[Math.floor(PALETTE.length / 2)]] : PALETTE.slice(PALETTE.length - count);
  const width = (max - min) / count;
  const classes = palette.map((colour, i) => ({
    from: min + i * width,
    to: i === count - 1 ? max : min + (i + 1) * width,
    colour,
  }));
  const colour = (value) => {
    if (!isNumber(value)) return NO_DATA;
    if (count === 1) return palette[0];
    const index = Math.min(count - 1, Math.max(0, Math.floor((value - min) / width)));
    return palette[index];
  };
  return { colour, classes };
}
