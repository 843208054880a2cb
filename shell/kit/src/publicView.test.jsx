// The public-view column and the embed action every publicly viewable kind's list uses.
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { publicLinkColumn, useEmbedAction } from './publicView.jsx';

const ROW = { id: 7, name: 'Mapa smogu', internal_name: 'mapa-smogu' };

it('links the internal name to the public view in a new tab', () => {
  const column = publicLinkColumn('map', 'Publiczny widok mapy');
  render(<>{column.render(ROW)}</>);
  const link = screen.getByRole('link', { name: 'mapa-smogu' });
  expect(link.getAttribute('href')).toBe('/view/map/mapa-smogu');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(column.name).toBe('internal_name');
});

function List({ nameOf }) {
  const embed = useEmbedAction('map', { noun: 'Mapa', nameOf });
  return (
    <>
      <button type="button" onClick={() => embed.action.onClick(ROW)}>
        {embed.action.label}
      </button>
      {embed.dialog}
    </>
  );
}

it('opens the embed dialog for the chosen row with its embed path', async () => {
  render(<List />);
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Osadź' }));
  expect(await screen.findByText('Kod do osadzenia: Mapa smogu')).toBeTruthy();
  const snippet = await screen.findByRole('textbox', { name: /Fragment kodu/ });
  expect(snippet.value).toMatch(/\/view\/map\/mapa-smogu\/embed\/[0-9a-f-]{36}/);
});

it('names the record in the heading as the list says when its stored name is not what the public sees', async () => {
  render(<List nameOf={(row) => row.name.toUpperCase()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Osadź' }));
  expect(await screen.findByText('Kod do osadzenia: MAPA SMOGU')).toBeTruthy();
});
