// The kit's generic pieces for embeddable widgets and the additions the timers brought:
// button row actions, fromItem in edit forms, removing a kept file.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedFrameDialog } from './EmbedFrameDialog.jsx';
import { embedQuery, embedSnippet, httpLink, newUuid } from './embed.js';
import { Field } from './Form.jsx';
import { defineResource } from './resource.js';
import { FormScreen, ListScreen } from './screens.jsx';
import { TEXT as KIT_TEXT } from './texts.js';
import { LOOK_TEXT } from './EmbedLook.jsx';
import { ATTRIBUTION_TEXT } from './PublicAttribution.jsx';

const TEXT = { ...KIT_TEXT, ...LOOK_TEXT, ...ATTRIBUTION_TEXT };
import { mockApi, ok, resetStore } from './testing.js';

beforeEach(resetStore);

describe('embedSnippet', () => {
  const base = {
    origin: 'https://panel.example.pl',
    path: '/view/timer/sezon/embed',
    uuid: 'u-1',
    size: 400,
    title: 'Licznik "A"',
  };

  it('is a square iframe plus the loader', () => {
    expect(embedSnippet(base)).toBe(
      '<iframe src="https://panel.example.pl/view/timer/sezon/embed/u-1" title="Licznik &quot;A&quot;" data-smogpanel-embed="u-1" ' +
        'style="display:block;border:0;overflow:hidden;width:400px;height:400px" scrolling="no"></iframe>\n' +
        '<script src="https://panel.example.pl/static/embeds/loader.js" async></script>',
    );
  });

  it('full width keeps the size as minimum; a link goes to the frame and to the loader', () => {
    const snippet = embedSnippet({ ...base, fullWidth: true, link: 'https://a.pl/?x="1"&y=<2>' });
    expect(snippet).toContain('width:100%;min-width:400px;height:400px');
    expect(snippet).toContain(
      `embed/u-1?link=${encodeURIComponent('https://a.pl/?x="1"&y=<2>').replace(/&/g, '&amp;')}"`,
    );
    expect(snippet).toContain('data-smogpanel-link="https://a.pl/?x=&quot;1&quot;&amp;y=&lt;2&gt;"');
  });

  it('accepts only http(s) links and makes v4 uuids', () => {
    expect(httpLink(' https://a.pl/x ')).toBe('https://a.pl/x');
    expect(httpLink('javascript:alert(1)')).toBe(null);
    expect(httpLink('a.pl')).toBe(null);
    const uuid = newUuid();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newUuid()).not.toBe(uuid);
  });
});

describe('EmbedFrameDialog', () => {
  it('offers the sizes 200-800, full width, a link, a preview and a new uuid per opening', async () => {
    const { rerender } = render(
      <EmbedFrameDialog show path="/view/timer/a/embed" frameTitle="Licznik A" onHide={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect([...within(dialog).getByLabelText(TEXT.embedSize).options].map((o) => o.value)).toEqual([
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
    ]);
    const first = within(dialog).getByLabelText(TEXT.embedSnippet).value;
    expect(within(dialog).getByTitle('Podgląd: Licznik A').getAttribute('src')).toMatch(
      /^http:\/\/localhost(:\d+)?\/view\/timer\/a\/embed\/[0-9a-f-]{36}$/,
    );
    rerender(<EmbedFrameDialog show={false} path="/view/timer/a/embed" frameTitle="Licznik A" onHide={() => {}} />);
    rerender(<EmbedFrameDialog show path="/view/timer/a/embed" frameTitle="Licznik A" onHide={() => {}} />);
    const again = (await screen.findByRole('dialog')).querySelector('#embed-snippet').value;
    expect(again).not.toBe(first);
  });
});

describe('the look options', () => {
  it('go into the address after the link, only when they differ from the default', () => {
    expect(embedQuery({})).toBe('');
    expect(
      embedQuery({
        link: 'https://a.pl/',
        theme: 'dark',
        transparent: true,
        accent: '#C2410C',
        plain: true,
        hideImage: true,
        hideData: true,
      }),
    ).toBe('?link=https%3A%2F%2Fa.pl%2F&theme=dark&transparent=1&accent=%23C2410C&plain=1&image=0&data=0');
    expect(embedQuery({ accent: 'red', theme: '' })).toBe(''); // an invalid colour is left out
  });

  it('are offered in the dialog, with the record source and licence line', async () => {
    const calls = mockApi((call) =>
      call.method === 'get'
        ? ok({ source: '', licence: '', default_licence: 'CC BY 4.0' })
        : ok({ ...call.data, default_licence: 'CC BY 4.0' }),
    );
    render(
      <EmbedFrameDialog
        show
        path="/view/rank/r/embed"
        frameTitle="Ranking R"
        attribution={{ kind: 'rank', id: 5 }}
        onHide={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(TEXT.embedTheme), { target: { value: 'auto' } });
    fireEvent.change(within(dialog).getByLabelText(TEXT.embedAccent), { target: { value: '#zzz' } });
    expect(within(dialog).getByText(TEXT.embedAccentInvalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(TEXT.embedAccent), { target: { value: '#0a7' } });
    fireEvent.click(within(dialog).getByLabelText(TEXT.embedPlain));
    fireEvent.click(within(dialog).getByLabelText(TEXT.embedHideImage));
    const snippet = within(dialog).getByLabelText(TEXT.embedSnippet).value;
    expect(snippet).toMatch(/embed\/[0-9a-f-]{36}\?theme=auto&amp;accent=%230a7&amp;plain=1&amp;image=0"/);

    const licence = await within(dialog).findByLabelText(TEXT.attributionLicence);
    expect(licence.getAttribute('placeholder')).toBe('CC BY 4.0');
    fireEvent.change(licence, { target: { value: 'CC0 1.0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: TEXT.attributionSave }));
    await within(dialog).findByText(TEXT.success);
    expect(calls.at(-1)).toMatchObject({
      method: 'post',
      url: '/public_attribution/rank/5',
      data: { source: '', licence: 'CC0 1.0' },
    });
  });
});

describe('additions to lists and forms', () => {
  const things = defineResource({ kind: 'thing', base: '/thing' });

  it('a row action with onClick is a button given the row', async () => {
    mockApi(() => ok({ order: 'id', asc: false, list: [{ id: 7, name: 'Siódmy' }] }));
    const onClick = vi.fn();
    render(
      <MemoryRouter>
        <ListScreen
          resource={things}
          crumbs={[{ label: 'Rzeczy' }]}
          columns={[{ name: 'name', label: 'Nazwa' }]}
          rowLinks={[
            { label: 'Osadź', onClick },
            { label: 'Edytuj', to: (row) => `/thing/${row.id}` },
          ]}
        />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Osadź' }));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    expect(screen.getByRole('link', { name: 'Edytuj' }).getAttribute('href')).toBe('/thing/7');
  });

  it('a row action with shown(row) false is left out of that row only', async () => {
    mockApi(() =>
      ok({
        order: 'id',
        asc: false,
        list: [
          { id: 7, name: 'Siódmy', live: true },
          { id: 8, name: 'Ósmy', live: false },
        ],
      }),
    );
    render(
      <MemoryRouter>
        <ListScreen
          resource={things}
          crumbs={[{ label: 'Rzeczy' }]}
          columns={[{ name: 'name', label: 'Nazwa' }]}
          rowLinks={[{ label: 'Odśwież', onClick: () => {}, shown: (row) => row.live }]}
        />
      </MemoryRouter>,
    );
    expect(
      within(await screen.findByRole('row', { name: /Siódmy/ })).getByRole('button', { name: 'Odśwież' }),
    ).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Ósmy/ })).queryByRole('button', { name: 'Odśwież' })).toBeNull();
  });

  it('fromItem turns the loaded record into the edit form values', async () => {
    mockApi(() => ok({ id: 2, name: 'x', on: true }));
    render(
      <MemoryRouter>
        <FormScreen
          resource={things}
          id="2"
          crumbs={[{ label: 'Edycja' }]}
          fields={[
            { name: 'name', label: 'Nazwa' },
            { name: 'off', label: 'Wyłączone', type: 'checkbox' },
          ]}
          fromItem={(item) => ({ ...item, name: item.name.toUpperCase(), off: item.on ? 0 : 1 })}
        />
      </MemoryRouter>,
    );
    expect((await screen.findByLabelText('Nazwa')).value).toBe('X');
    expect(screen.getByLabelText('Wyłączone').checked).toBe(false);
  });

  it('an optional kept file can be removed; a required one cannot', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Field field={{ name: 'logo', label: 'Logo', type: 'file' }} value="ab.png" onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Usuń plik' }));
    expect(onChange).toHaveBeenCalledWith(null);
    rerender(
      <Field
        field={{ name: 'logo', label: 'Logo', type: 'file', required: true }}
        value="ab.png"
        onChange={onChange}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Usuń plik' })).toBe(null);
  });
});
