import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './Form.jsx';
import { formatNumber, numberProblem, readNumber } from './numbers.js';

describe('a number as typed', () => {
  it('takes a decimal comma or dot, and spaces between thousands', () => {
    expect(readNumber('55,5')).toEqual({ ok: true, value: '55.5' });
    expect(readNumber('55.5')).toEqual({ ok: true, value: '55.5' });
    expect(readNumber(' -0,25 ')).toEqual({ ok: true, value: '-0.25' });
    expect(readNumber('1 234,5')).toEqual({ ok: true, value: '1234.5' });
    expect(readNumber('1\u00a0234')).toEqual({ ok: true, value: '1234' });
    expect(readNumber(',5')).toEqual({ ok: true, value: '0.5' });
    expect(readNumber('12,')).toEqual({ ok: true, value: '12' });
    expect(readNumber('')).toEqual({ ok: true, value: '' });
  });

  it('refuses anything it cannot read exactly, never guessing a magnitude', () => {
    for (const typed of ['1.234,5', '1,234.5', '55,5,5', '12 34', '1e3', 'abc', '5 zł', '-', ',', '0x10'])
      expect(readNumber(typed)).toEqual({ ok: false });
  });

  it('is shown with a comma', () => {
    expect(formatNumber(87.5)).toBe('87,5');
    expect(formatNumber('66.6')).toBe('66,6');
    expect(formatNumber(null)).toBe('');
  });

  it('is checked against the field’s bounds and step in Polish', () => {
    expect(numberProblem('0,5', { min: 1 })).toBe('Wartość nie może być mniejsza niż 1.');
    expect(numberProblem('2,5', { max: 2 })).toBe('Wartość nie może być większa niż 2.');
    expect(numberProblem('1,5', { min: 1, step: 1 })).toBe('Wpisz liczbę całkowitą.');
    expect(numberProblem('1,5', { step: 'any' })).toBe('');
    expect(numberProblem('12a', {})).toMatch(/^Wpisz liczbę, np\. 12,5/);
  });
});

function NumberForm({ initial }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field
        field={{ name: 'value', label: 'Wartość', type: 'number', step: 'any' }}
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('a number field', () => {
  it('shows a stored number with a comma and hands on what was typed with a dot', () => {
    render(<NumberForm initial={87.5} />);
    const input = screen.getByLabelText('Wartość');
    expect(input.type).toBe('text');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.value).toBe('87,5');
    fireEvent.change(input, { target: { value: '55,5' } });
    expect(screen.getByTestId('value').textContent).toBe('"55.5"');
    expect(input.value).toBe('55,5');
    expect(input.validity.valid).toBe(true);
  });

  it('refuses text that is no number (its custom validity)', () => {
    render(<NumberForm initial="" />);
    const input = screen.getByLabelText('Wartość');
    fireEvent.change(input, { target: { value: '55,5,5' } });
    expect(input.validity.valid).toBe(false);
    expect(input.validationMessage).toMatch(/^Wpisz liczbę/);
  });
});
