// The gmina picker as the operator sees it: a gmina looks chosen only once it is picked.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, expect, it } from 'vitest';
import { GminaSelect } from './GminaPicker.jsx';
import { forgetGminy } from './gminy.js';
import { mockApi, ok } from './testing.js';

const GMINY = {
  order: 'name',
  asc: true,
  list: [
    { id: 3, name: 'Białystok', district_name: 'Białystok', voivodeship_name: 'podlaskie' },
    { id: 15, name: 'Zabierzów', district_name: 'krakowski', voivodeship_name: 'małopolskie' },
  ],
};

function Picker() {
  const [value, setValue] = useState('');
  return <GminaSelect value={value} onChange={setValue} required />;
}

beforeEach(() => {
  forgetGminy();
  mockApi(({ url }) => (url === '/borough/' ? ok(GMINY) : [404, { success: false, message: 'NOT_FOUND' }]));
});

const chosen = (select) => [...select.options].filter((option) => option.selected).map((o) => o.textContent);

it('lists the gminy with none chosen until the operator picks one, so the required check still refuses', async () => {
  render(<Picker />);
  fireEvent.focus(screen.getByLabelText('Gmina'));
  const select = screen.getByRole('listbox', { name: 'Gmina: wybór' });
  await waitFor(() => expect(select.options).toHaveLength(2));
  expect(chosen(select)).toEqual([]);
  expect(select.validity.valueMissing).toBe(true);

  fireEvent.change(screen.getByLabelText('Gmina'), { target: { value: 'zab' } });
  await waitFor(() => expect(select.options).toHaveLength(1));
  expect(chosen(select)).toEqual([]);

  fireEvent.change(select, { target: { value: '15' } });
  expect(chosen(select)).toEqual(['Zabierzów (powiat krakowski, woj. małopolskie)']);
  expect(select.validity.valueMissing).toBe(false);
  fireEvent.change(screen.getByLabelText('Gmina'), { target: { value: '' } });
  await waitFor(() => expect(select.options).toHaveLength(2));
  expect(chosen(select)).toEqual(['Zabierzów (powiat krakowski, woj. małopolskie)']);
});
