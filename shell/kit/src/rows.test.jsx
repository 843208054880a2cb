// Repeating rows: add, edit, remove, labels per row, fields depending on the row.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { RowsField } from './Rows.jsx';

let seen;
function Keys({ initial }) {
  const [rows, setRows] = useState(initial);
  seen = rows;
  return (
    <RowsField
      name="keys"
      label="Właściwości"
      itemLabel="Właściwość"
      value={rows}
      onChange={setRows}
      addLabel="Dodaj właściwość"
      newRow={() => ({ name: '', kind: 'A' })}
      fields={(row) => [
        { name: 'name', label: 'Nazwa właściwości', required: true },
        {
          name: 'kind',
          label: 'Rodzaj',
          type: 'select',
          options: [
            { value: 'A', label: 'a' },
            { value: 'B', label: 'b' },
          ],
        },
        { name: 'extra', label: 'Dodatek', disabled: row.kind !== 'B' },
      ]}
    />
  );
}

it('adds, edits and removes rows; each row is a named group with labelled inputs', () => {
  render(<Keys initial={[{ id: 7, name: 'Pierwsza', kind: 'A' }]} />);
  const first = screen.getByRole('group', { name: 'Właściwość 1' });
  expect(within(first).getByLabelText('Nazwa właściwości').value).toBe('Pierwsza');
  expect(within(first).getByLabelText('Dodatek').disabled).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Dodaj właściwość' }));
  const second = screen.getByRole('group', { name: 'Właściwość 2' });
  fireEvent.change(within(second).getByLabelText('Nazwa właściwości'), { target: { value: 'Druga' } });
  fireEvent.change(within(second).getByLabelText('Rodzaj'), { target: { value: 'B' } });
  expect(within(second).getByLabelText('Dodatek').disabled).toBe(false);
  expect(seen[1]).toMatchObject({ name: 'Druga', kind: 'B' });
  expect(seen[1].uuid).toMatch(/^[0-9a-f-]{36}$/);

  fireEvent.click(within(screen.getByRole('group', { name: 'Właściwość 1' })).getByRole('button', { name: 'Usuń' }));
  expect(seen.map((row) => row.name)).toEqual(['Druga']);
  expect(within(screen.getByRole('group', { name: 'Właściwość 1' })).getByLabelText('Nazwa właściwości').value).toBe(
    'Druga',
  );
  expect(screen.queryByRole('group', { name: 'Właściwość 2' })).toBe(null);
});
