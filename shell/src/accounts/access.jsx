// /account/:id/access: what a super administrator lets an account do (POST /api/user/<id>/access):
// its role, the modules and voivodeships an editor changes, residents' personal data and whether it
// publishes (in `reviewed` mode; without it the account asks for publication). Super
// administrators are made by the system administrator alone (smogpanel user role), never here.
import { api, FormScreen, settings } from '@smogpanel/kit';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { users } from './users.js';

export const ROLE_LABELS = { super: 'superadministrator', editor: 'redaktor', viewer: 'podgląd' };
const CRUMB = { label: 'Konta użytkowników', to: '/account' };

/** "redaktor (moduły: …; województwa: 2)" for the account list. */
export function accessSummary(row, names = {}) {
  if (Number(row.super)) return ROLE_LABELS.super;
  const kinds = String(row.scope_kinds || '')
    .split(',')
    .filter(Boolean);
  const regions = String(row.scope_voivodeships || '')
    .split(',')
    .filter(Boolean);
  const scope = [
    kinds.length ? `moduły: ${kinds.map((kind) => names[kind] || kind).join(', ')}` : '',
    regions.length ? `województwa: ${regions.length}` : '',
  ].filter(Boolean);
  const publishes = row.role === 'editor' && Number(row.publish) ? ', publikuje' : '';
  const role = `${ROLE_LABELS[row.role] || row.role}${publishes}`;
  return scope.length ? `${role} (${scope.join('; ')})` : role;
}

function useChoices() {
  const [choices, setChoices] = useState({ modules: [], voivodeships: [] });
  useEffect(() => {
    const path = settings().voivodeshipsPath;
    Promise.all([
      api.get('/plugins'),
      path ? api.get(path, { order: 'name', asc: 1 }).then((answer) => answer.list) : [],
    ]).then(
      ([modules, voivodeships]) => setChoices({ modules, voivodeships }),
      () => setChoices({ modules: [], voivodeships: [] }),
    );
  }, []);
  return choices;
}

const listed = (text) =>
  String(text || '')
    .split(',')
    .filter(Boolean);

function Checkboxes({ legend, name, options, value, onChange }) {
  const toggle = (key) => onChange(value.includes(key) ? value.filter((v) => v !== key) : [...value, key]);
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="form-check form-check-inline">
          <input
            id={`${name}-${option.value}`}
            className="form-check-input"
            type="checkbox"
            checked={value.includes(option.value)}
            onChange={() => toggle(option.value)}
          />
          <label className="form-check-label" htmlFor={`${name}-${option.value}`}>
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

export function AccountAccess() {
  const { id } = useParams();
  const { modules, voivodeships } = useChoices();
  const fields = [
    {
      name: 'role',
      label: 'Rola',
      type: 'select',
      required: true,
      options: [
        { value: 'editor', label: 'redaktor: zmienia dane (w swoim zakresie)' },
        { value: 'viewer', label: 'podgląd: tylko czyta' },
      ],
    },
    {
      name: 'scope_kinds',
      render: ({ value, onChange }) => (
        <Checkboxes
          legend="Moduły, które zmienia (żaden zaznaczony: wszystkie)"
          name="scope-kinds"
          options={modules.map((module) => ({ value: module.name, label: module.label }))}
          value={value}
          onChange={onChange}
        />
      ),
    },
    {
      name: 'scope_voivodeships',
      render: ({ value, onChange }) => (
        <Checkboxes
          legend="Województwa, których dane gmin zmienia (żadne zaznaczone: wszystkie)"
          name="scope-voivodeships"
          options={voivodeships.map((row) => ({ value: String(row.id), label: row.name }))}
          value={value}
          onChange={onChange}
        />
      ),
    },
    { name: 'personal_data', label: 'Dane nadawców (imiona, adresy e-mail i adresy mieszkańców)', type: 'checkbox' },
    {
      name: 'publish',
      label: 'Może publikować (bez tego uprawnienia prosi o publikację, gdy zmiany wymagają zatwierdzenia)',
      type: 'checkbox',
    },
  ];
  return (
    <FormScreen
      resource={users}
      id={id}
      crumbs={[CRUMB, { label: 'Uprawnienia konta' }]}
      fields={fields}
      valuesOf={(item) => ({
        role: item && item.role === 'viewer' ? 'viewer' : 'editor',
        scope_kinds: listed(item && item.scope_kinds),
        scope_voivodeships: listed(item && item.scope_voivodeships),
        personal_data: Boolean(item && Number(item.personal_data)),
        publish: Boolean(item && Number(item.publish)),
      })}
      save={(payload, { values }) =>
        users.run('edited', () =>
          api.post(`/user/${id}/access`, {
            role: values.role,
            scope_kinds: values.scope_kinds,
            scope_voivodeships: values.scope_voivodeships.map(Number),
            personal_data: values.personal_data ? 1 : 0,
            publish: Boolean(values.publish),
          }),
        )
      }
      back="/account"
      width={8}>
      <div className="alert alert-info" role="note">
        Zmiana uprawnień wylogowuje to konto: zaloguje się ponownie z nowym zakresem. Uprawnienia superadministratora
        nadaje administrator systemu.
      </div>
    </FormScreen>
  );
}
