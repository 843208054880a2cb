// The timer screens over the kit: list with embed/edit/delete, the forms' payloads.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@smogpanel/kit';
import { mockApi, ok, renderAt, resetStore, where } from '@smogpanel/kit/testing';
import routes from './routes.jsx';

const TIMER = {
  id: 3,
  name: 'Sezon grzewczy',
  internal_name: 'sezon',
  timer_style_name: 'RED',
  text_above: 'Zostało',
  deadline: '2027-04-30T22:00:00+00:00',
  countdown: false,
  text_below: 'Pod',
  logo_path: 'ab12.png',
  logo_url: '/files/ab12.png',
  hidden_brand: 1,
  created: '2026-01-01T10:00:00+00:00',
  updated: '2026-01-01T10:00:00+00:00',
};
const list = ok({ order: 'id', asc: false, list: [TIMER] });

const show = (path) => renderAt(routes, path);

beforeEach(resetStore);

it('declares the screens of SPEC 2.4 under /timer', () => {
  expect(routes.map((r) => r.path)).toEqual(['/timer', '/timer/add', '/timer/:timerId']);
});

describe('list', () => {
  it('sorts by id, name, internal_name, updated; links the public view; embed, edit, delete', async () => {
    const calls = mockApi(() => list);
    show('/timer');
    const publicLink = await screen.findByRole('link', { name: 'sezon' });
    expect(publicLink.getAttribute('href')).toBe('/view/timer/sezon');
    expect(publicLink.getAttribute('target')).toBe('_blank');
    expect(calls[0]).toMatchObject({ url: '/timer/', params: { order: 'id', asc: 0 } });
    for (const name of ['ID', 'Nazwa', 'Nazwa wewnętrzna', 'Aktualizacja'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Sezon grzewczy/ });
    expect(within(row).getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/timer/3');
    expect(within(row).getByRole('button', { name: 'Usuń' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dodaj licznik' }).getAttribute('href')).toBe('/timer/add');
    expect(document.title).toBe('Liczniki | Smogpanel v3.8.0');
  });

  it('the embed dialog gives the iframe snippet with a fresh uuid and the loader', async () => {
    mockApi(() => list);
    show('/timer');
    fireEvent.click(await screen.findByRole('button', { name: 'Osadź' }));
    const dialog = await screen.findByRole('dialog');
    const snippet = () => within(dialog).getByLabelText(TEXT.embedSnippet).value;
    const uuid = /\/view\/timer\/sezon\/embed\/([0-9a-f-]{36})"/.exec(snippet())[1];
    expect(snippet()).toContain(`data-smogpanel-embed="${uuid}"`);
    expect(snippet()).toContain('width:300px;height:300px');
    expect(snippet()).toContain(`<script src="${window.location.origin}/static/embeds/loader.js" async></script>`);
    expect(snippet()).toContain('title="Licznik: Sezon grzewczy"');

    fireEvent.change(within(dialog).getByLabelText(TEXT.embedSize), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByLabelText(TEXT.embedFullWidth));
    expect(snippet()).toContain('width:100%;min-width:500px;height:500px');

    fireEvent.change(within(dialog).getByLabelText(TEXT.embedLink), {
      target: { value: 'https://partner.example.com/a?b=1&c=2' },
    });
    expect(snippet()).toContain(`?link=${encodeURIComponent('https://partner.example.com/a?b=1&c=2')}`);
    expect(snippet()).toContain('data-smogpanel-link="https://partner.example.com/a?b=1&amp;c=2"');
    const preview = within(dialog).getByTitle('Podgląd: Licznik: Sezon grzewczy');
    expect(preview.getAttribute('src')).toContain(`/view/timer/sezon/embed/${uuid}?link=`);

    fireEvent.change(within(dialog).getByLabelText(TEXT.embedLink), { target: { value: 'javascript:alert(1)' } });
    expect(snippet()).not.toContain('link');
    expect(within(dialog).getByText(TEXT.embedLinkInvalid)).toBeTruthy();
  });
});

describe('forms', () => {
  it('create sends every field; reverse count unchecked means countdown', async () => {
    const calls = mockApi(({ method }) => (method === 'post' ? ok({ id: 9 }) : list));
    show('/timer/add');
    await screen.findByRole('button', { name: 'Zapisz' }); // the form loads on demand
    fireEvent.change(screen.getByLabelText('Nazwa'), { target: { value: 'Nowy' } });
    fireEvent.change(screen.getByLabelText('Nazwa wewnętrzna'), { target: { value: 'nowy' } });
    fireEvent.change(screen.getByLabelText('Styl'), { target: { value: 'DARK' } });
    expect([...screen.getByLabelText('Styl').options].map((o) => o.textContent)).toEqual([
      '— wybierz —',
      'Jasny',
      'Morski',
      'Czerwony',
      'Ciemno-czerwony',
      'Grafitowy',
      'Ciemny',
    ]);
    fireEvent.change(screen.getByLabelText('Tekst nad licznikiem'), { target: { value: 'Nad' } });
    fireEvent.change(screen.getByLabelText('Termin'), { target: { value: '2027-05-01T00:00' } });
    fireEvent.change(screen.getByLabelText('Tekst pod licznikiem'), { target: { value: 'Pod' } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/timer/',
      data: {
        name: 'Nowy',
        internal_name: 'nowy',
        timer_style_name: 'DARK',
        text_above: 'Nad',
        deadline: '2027-05-01T00:00',
        countdown: true,
        text_below: 'Pod',
        logo_path: null,
        hidden_brand: 0,
      },
    });
    expect(calls.find((c) => c.method === 'post').data).not.toHaveProperty('reverse');
    await waitFor(() => expect(where().pathname).toBe('/timer'), { timeout: 3000 });
  });

  it('edit shows the deadline in Warsaw time and reverse checked for a count-up, keeps the logo by name', async () => {
    const calls = mockApi(({ method }) => (method === 'get' ? ok(TIMER) : ok(TIMER)));
    show('/timer/3');
    expect((await screen.findByLabelText('Termin')).value).toBe('2027-05-01T00:00');
    expect(screen.getByLabelText('Nazwa wewnętrzna').disabled).toBe(true);
    expect(screen.getByLabelText(/Odwrotne liczenie/).checked).toBe(true);
    expect(screen.getByLabelText('Ukryj markę serwisu').checked).toBe(true);
    expect(screen.getByText(/Obecny plik: ab12.png/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Odwrotne liczenie/));
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    const sent = calls.find((c) => c.method === 'post');
    expect(sent.url).toBe('/timer/3');
    expect(sent.data).toMatchObject({
      countdown: true,
      logo_path: 'ab12.png',
      deadline: '2027-05-01T00:00',
      hidden_brand: 1,
    });
    expect(sent.data).not.toHaveProperty('internal_name');
  });

  it('edit can remove the kept logo', async () => {
    const calls = mockApi(() => ok(TIMER));
    show('/timer/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Usuń plik' }));
    expect(screen.queryByText(/Obecny plik/)).toBe(null);
    fireEvent.click(screen.getByRole('button', { name: TEXT.save }));
    await screen.findByText(TEXT.success);
    expect(calls.find((c) => c.method === 'post').data.logo_path).toBe(null);
  });
});
