// Polish plural forms, for every embed: 1 dzień, 2 dni, 5 dni; 1 gmina, 2 gminy, 5 gmin, 22 gminy.

/** forms: [one, few, many]; few = 2-4 except 12-14 (also 22-24, 102-104...), many otherwise. */
export function plural(n, forms) {
  const abs = Math.abs(n);
  if (abs === 1) return forms[0];
  const tens = abs % 100;
  const units = abs % 10;
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return forms[1];
  return forms[2];
}

/** '5 godzin' */
export const withUnit = (n, forms) => `${n} ${plural(n, forms)}`;
