// What is wrong with a field, in Polish, whatever the browser's language: the browser's own
// validation messages follow its locale (an English Chromium says "Please fill out this field").
// Loaded on demand, at a form's first refusal (Form.jsx).

export const REQUIRED = 'To pole jest wymagane.'; // the server's wording (smogpanel.schemas.REQUIRED)

const number = (value) => String(value).replace('.', ',');

/** 1 znak, 2 znaki, 5 znaków, 22 znaki... */
export function characters(count) {
  const ones = count % 10;
  const tens = count % 100;
  if (count === 1) return '1 znak';
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return `${count} znaki`;
  return `${count} znaków`;
}

/** The Polish message for an invalid form control (its `validity`), or '' when it is valid. */
export function messageOf(element) {
  const { validity, type } = element;
  if (!validity || validity.valid) return '';
  if (validity.customError) return element.validationMessage;
  if (validity.valueMissing) {
    if (type === 'checkbox') return 'Zaznacz to pole.';
    if (type === 'file') return 'Wybierz plik.';
    if (element.tagName === 'SELECT') return 'Wybierz jedną z pozycji.';
    return REQUIRED;
  }
  if (validity.badInput) return type === 'number' ? 'Wpisz liczbę.' : 'Wpisz poprawną datę.';
  if (validity.typeMismatch) {
    if (type === 'email') return 'Wpisz poprawny adres e-mail, np. jan@example.pl.';
    if (type === 'url') return 'Wpisz pełny adres, np. https://example.pl.';
    return 'Wartość ma niepoprawny format.';
  }
  const dates = type === 'date' || type === 'datetime-local';
  if (validity.rangeUnderflow)
    return dates
      ? `Data nie może być wcześniejsza niż ${element.min}.`
      : `Wartość nie może być mniejsza niż ${number(element.min)}.`;
  if (validity.rangeOverflow)
    return dates
      ? `Data nie może być późniejsza niż ${element.max}.`
      : `Wartość nie może być większa niż ${number(element.max)}.`;
  if (validity.stepMismatch)
    return Number(element.step) === 1 ? 'Wpisz liczbę całkowitą.' : `Wpisz wielokrotność ${number(element.step)}.`;
  if (validity.tooShort) return `Wpisz co najmniej ${characters(element.minLength)} (teraz: ${element.value.length}).`;
  if (validity.tooLong) return `Wpisz najwyżej ${characters(element.maxLength)}.`;
  if (validity.patternMismatch) return element.title || 'Wartość ma niepoprawny format.';
  return 'Popraw tę wartość.';
}
