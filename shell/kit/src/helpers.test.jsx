// @smogpanel/kit/helpers: the crumbs under parent records, routes derived from a resource's
// screens, the internal-name field, the voivodeships named by the shell's configuration, and
// those a voivodeship-scoped account may change.
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT, defineResource, loadMe } from '@smogpanel/kit';
import {
  fieldOf,
  forgetVoivodeships,
  internalNameField,
  resourceRoutes,
  useParentCrumbs,
  useRegionScope,
  useVoivodeships,
} from '@smogpanel/kit/helpers';
import { fail, mockApi, ok, resetStore } from './testing.js';

const maps = defineResource({ kind: 'map', base: '/map' });
const groups = defineResource({ kind: 'group', base: '/group' });

beforeEach(() => {
  resetStore();
  forgetVoivodeships();
});

function Crumbs({ trail, label }) {
  const { crumbs, waiting, failed, items } = useParentCrumbs(trail, label);
  return (
    <>
      <p data-testid="crumbs">{crumbs.map((c) => `${c.label}${c.to ? `→${c.to}` : ''}`).join(' | ')}</p>
      <p data-testid="items">{items.map((item) => (item ? item.name : '-')).join(',')}</p>
      {waiting}
      {failed && <p>nie ma: {failed.errors[0].description}</p>}
    </>
  );
}

describe('useParentCrumbs', () => {
  it("names each parent record once loaded, its link may follow the records, the screen's label ends it", async () => {
    mockApi(({ url }) =>
      url === '/map/3' ? ok({ id: 3, name: 'Smog 2024' }) : ok({ id: 9, name: 'Zima', kind: 'b' }),
    );
    const trail = [
      { label: 'Mapy', to: '/map' },
      { resource: maps, id: '3', fallback: 'Mapa', to: '/map/3' },
      { resource: groups, id: 9, fallback: 'Grupa', to: ([map, group]) => `/map/${map?.id}/${group?.kind}` },
    ];
    render(<Crumbs trail={trail} label="Edycja" />);
    expect(screen.getByTestId('crumbs').textContent).toBe(
      'Mapy→/map | Mapa→/map/3 | Grupa→/map/undefined/undefined | Edycja',
    );
    expect(screen.getByText(TEXT.loading)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('crumbs').textContent).toBe('Mapy→/map | Smog 2024→/map/3 | Zima→/map/3/b | Edycja'),
    );
    expect(screen.getByTestId('items').textContent).toBe('Smog 2024,Zima');
    expect(screen.queryByText(TEXT.loading)).toBe(null);
  });

  it('a parent that cannot be loaded gives the error banner and its errors', async () => {
    mockApi(() => fail(404, 'NOT_FOUND', [{ name: 'id', description: 'Nie ma mapy o tym id.' }]));
    render(<Crumbs trail={[{ resource: maps, id: 77, fallback: 'Mapa' }]} />);
    expect(await screen.findByText('nie ma: Nie ma mapy o tym id.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Nie ma mapy o tym id.');
  });
});

describe('resourceRoutes', () => {
  const List = () => null;
  const Create = () => null;
  const Edit = () => null;
  const Import = () => null;

  it('derives list, add, other screens, the record and its nested resources, in that order', () => {
    const routes = resourceRoutes('/map', {
      param: 'mapId',
      list: List,
      create: Create,
      edit: Edit,
      record: { import: Import },
      children: { checkpoint: { param: 'checkpointId', list: List, edit: Edit, screens: { import: Import } } },
    });
    expect(routes.map((route) => [route.path, route.element.type])).toEqual([
      ['/map', List],
      ['/map/add', Create],
      ['/map/:mapId', Edit],
      ['/map/:mapId/import', Import],
      ['/map/:mapId/checkpoint', List],
      ['/map/:mapId/checkpoint/import', Import],
      ['/map/:mapId/checkpoint/:checkpointId', Edit],
    ]);
  });
});

describe('internalNameField', () => {
  it('is required, set when creating only, and says where the public address shows it', () => {
    expect(internalNameField({ of: 'mapy', view: 'map' })).toEqual({
      name: 'internal_name',
      label: 'Nazwa wewnętrzna',
      required: true,
      createOnly: true,
      help: 'Część publicznego adresu mapy (/view/map/…): małe litery, cyfry, „-” i „_”. Po utworzeniu nie można jej zmienić.',
    });
    expect(internalNameField({ of: 'licznika' }).help).toBe(
      'Część publicznego adresu licznika: małe litery, cyfry, „-” i „_”. Po utworzeniu nie można jej zmienić.',
    );
  });
});

function Voivodeships() {
  const { options, failed } = useVoivodeships();
  return <p>{failed ? 'błąd' : options.map((o) => `${o.value}:${o.label}`).join(',')}</p>;
}

describe('useVoivodeships', () => {
  it("reads the list the shell's configuration names, once a page, as select options", async () => {
    const calls = mockApi(() => ok({ order: 'name', asc: true, list: [{ id: 2, name: 'dolnośląskie' }] }));
    render(<Voivodeships />);
    expect(await screen.findByText('2:dolnośląskie')).toBeTruthy();
    render(<Voivodeships />);
    await waitFor(() => expect(screen.getAllByText('2:dolnośląskie')).toHaveLength(2));
    expect(calls).toEqual([expect.objectContaining({ url: '/voivodeship/', params: { order: 'name', asc: 1 } })]);
  });

  it('says so when they cannot be loaded', async () => {
    mockApi(() => fail(503, 'DATABASE_UNAVAILABLE'));
    render(<Voivodeships />);
    expect(await screen.findByText('błąd')).toBeTruthy();
  });
});

function RegionScope() {
  const scope = useRegionScope();
  return <p>{scope ? `tylko: ${scope.map((v) => `${v.id}:${v.name}:${v.code}`).join(',')}` : 'wszystkie'}</p>;
}

describe('useRegionScope', () => {
  const LIST = [
    { id: 2, name: 'dolnośląskie', code: 'ds' },
    { id: 5, name: 'małopolskie', code: 'mp' },
    { id: 40, name: 'dodane ręcznie', code: null },
  ];
  const signedIn = (me) => {
    const calls = mockApi(({ url }) => (url === '/user/me' ? ok(me) : ok({ list: LIST })));
    return loadMe().then(() => calls);
  };

  it("names a scoped editor's voivodeships with their codes, from the gazetteer's list", async () => {
    await signedIn({ id: 3, super: 0, role: 'editor', scope_voivodeships: [5, 40] });
    render(<RegionScope />);
    expect(await screen.findByText('tylko: 5:małopolskie:mp,40:dodane ręcznie:null')).toBeTruthy();
  });

  it('is null for an editor with no voivodeship scope and for a super administrator, with no request', async () => {
    const calls = await signedIn({ id: 3, super: 0, role: 'editor', scope_voivodeships: [] });
    render(<RegionScope />);
    expect(screen.getByText('wszystkie')).toBeTruthy();
    await signedIn({ id: 1, super: 1, role: 'super', scope_voivodeships: [5] });
    expect(screen.getByText('wszystkie')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/user/me']);
  });
});

describe('the place widgets', () => {
  const property = (widget, title) => ({ type: 'integer', title, 'x-widget': widget });
  const drawn = (field, editing) =>
    render(field.render({ value: '5', onChange: () => {}, editing, item: { voivodeship_name: 'małopolskie' } }));

  it('a place chosen once is shown when editing; a changeable one is chosen again', async () => {
    mockApi(({ url }) =>
      url === '/voivodeship/' ? ok({ order: 'name', asc: 1, list: [{ id: 5, name: 'małopolskie' }] }) : ok({}),
    );
    drawn(fieldOf('voivodeship_id', property('voivodeship', 'Województwo'), true), true);
    expect(screen.getByText('Województwo: małopolskie')).toBeTruthy();
    expect(screen.queryByLabelText('Województwo')).toBeNull();
    const changeable = fieldOf('hook-voivodeship', property('voivodeship', 'Region'), true, { changeable: true });
    drawn(changeable, true);
    await waitFor(() => expect(screen.getByLabelText('Region').value).toBe('5'));
    expect(screen.getByLabelText('Region').required).toBe(true);
  });

  it('says when the voivodeships could not be loaded', async () => {
    mockApi(() => fail(500, 'SERVER_ERROR', []));
    drawn(fieldOf('voivodeship_id', property('voivodeship', 'Województwo'), true), false);
    expect(await screen.findByText('Nie udało się wczytać województw.')).toBeTruthy();
  });
});
