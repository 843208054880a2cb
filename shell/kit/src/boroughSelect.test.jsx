// The searchable gmina select: loads on first focus, finds without Polish letters and by
// district, draws at most 50 suggestions, keyboard and screen-reader usable, required until chosen.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BoroughSelect } from './BoroughSelect.jsx';
import { mockApi, ok } from './testing.js';

const ROWS = [
  { id: 1, name: 'Liszki', district_name: 'krakowski', voivodeship_name: 'małopolskie' },
  { id: 2, name: 'Łódź', district_name: 'Łódź', voivodeship_name: 'łódzkie' },
  { id: 3, name: 'Zabierzów', district_name: 'krakowski', voivodeship_name: 'małopolskie' },
  { id: 4, name: 'Zabierzów Bocheński', district_name: 'wielicki', voivodeship_name: 'małopolskie' },
  ...Array.from({ length: 2473 }, (_, i) => ({ id: 10 + i, name: `Gmina ${i}`, district_name: 'x', voivodeship_name: 'y' })),
];

function Harness({ onValue }) {
  const [value, setValue] = useState('');
  return (
    <form>
      <BoroughSelect value={value} required onChange={(v) => { setValue(v); onValue(v); }} />
    </form>
  );
}

function setup() {
  const calls = mockApi(() => ok({ order: 'name', asc: true, list: ROWS }));
  const values = [];
  render(<Harness onValue={(v) => values.push(v)} />);
  return { calls, values, box: screen.getByRole('combobox', { name: 'Gmina' }) };
}

describe('BoroughSelect', () => {
  it('loads every gmina once, on first focus', async () => {
    const { calls, box } = setup();
    expect(calls).toEqual([]);
    fireEvent.focus(box);
    fireEvent.focus(box);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/borough/', params: { order: 'name', asc: 1 } });
  });

  it('finds without Polish letters and by district; chooses with the keyboard', async () => {
    const { values, box } = setup();
    fireEvent.focus(box);
    await waitFor(() => expect(screen.queryByText('Wczytywanie gmin...')).toBeNull());
    fireEvent.change(box, { target: { value: 'zabierzow' } });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Zabierzów (krakowski, małopolskie)', 'Zabierzów Bocheński (wielicki, małopolskie)']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(values.at(-1)).toBe('4');
    expect(box.value).toBe('Zabierzów Bocheński (wielicki, małopolskie)');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'lodz' } });
    expect(values.at(-1)).toBe(''); // typing again clears the choice
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Łódź (Łódź, łódzkie)']);
    fireEvent.change(box, { target: { value: 'wielick' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Zabierzów Bocheński (wielicki, małopolskie)']);
  });

  it('draws at most 50 suggestions of 2,477 gminy and says when nothing matches', async () => {
    const { box } = setup();
    fireEvent.focus(box);
    await waitFor(() => expect(screen.queryByText('Wczytywanie gmin...')).toBeNull());
    fireEvent.change(box, { target: { value: 'gmina' } });
    expect(screen.getAllByRole('option')).toHaveLength(50);
    fireEvent.change(box, { target: { value: 'warszawa' } });
    expect(screen.getByText('Nie znaleziono gminy o tej nazwie.')).toBeTruthy();
  });

  it('is invalid until a gmina is chosen from the list', async () => {
    const { box } = setup();
    expect(box.validity.valid).toBe(false);
    expect(box.validationMessage).toBe('Wybierz gminę z listy.');
    fireEvent.focus(box);
    await waitFor(() => expect(screen.queryByText('Wczytywanie gmin...')).toBeNull());
    fireEvent.change(box, { target: { value: 'liszki' } });
    fireEvent.click(screen.getByRole('option'));
    expect(box.validity.valid).toBe(true);
  });
});
