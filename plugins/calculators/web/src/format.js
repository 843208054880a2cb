// Polish number and money formatting (1 234,56 zł), with grouping from the thousands on
// (pl-PL's default groups only from 10 000), for the widget and the admin preview.
const money = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', useGrouping: 'always' });
const amount = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2, useGrouping: 'always' });
const oneDecimal = new Intl.NumberFormat('pl-PL', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: 'always',
});

export const formatMoney = (value) => money.format(value);
export const formatNumber = (value) => amount.format(value);

/** '9,6 roku': with a decimal part Polish takes the genitive singular, and the widget always
 * shows one decimal. */
export const formatYears = (years) => `${oneDecimal.format(years)} roku`;
