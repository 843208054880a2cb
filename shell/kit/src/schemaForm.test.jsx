// Fields drawn from a form the server describes (GET /api/form/<kind>): labels, helps, options,
// limits, and the values the form holds against those the API takes.
import { describe, expect, it } from 'vitest';
import { payloadOfFields, registerWidget, schemaColumns, schemaFields, valuesOfFields } from './helpers/index.js';

const optional = (schema) => ({ anyOf: [schema, { type: 'string', maxLength: 0 }, { type: 'null' }] });
const FORM = {
  type: 'object',
  required: ['name', 'kind', 'group_id'],
  properties: {
    name: { type: 'string', maxLength: 255, title: 'Nazwa', 'x-widget': 'text', 'x-help': 'Np. Kraków.' },
    code: { type: 'string', title: 'Kod', 'x-widget': 'text', 'x-create-only': true },
    kind: {
      enum: ['A', 'B'],
      title: 'Rodzaj',
      'x-widget': 'select',
      'x-options': [
        { value: 'B', label: 'bety' },
        { value: 'A', label: 'alfy' },
      ],
    },
    when: { type: 'string', title: 'Termin', 'x-widget': 'datetime' },
    counts_down: {
      ...optional({ type: 'boolean' }),
      title: 'Odliczanie',
      default: true,
      'x-label': 'Odwrotne liczenie',
      'x-widget': 'checkbox',
      'x-checked': false,
    },
    hidden: { ...optional({ type: 'integer', enum: [0, 1] }), title: 'Ukryty', default: 0, 'x-widget': 'checkbox' },
    group_id: { type: 'integer', title: 'Grupa', 'x-widget': 'reference', 'x-refers-to': 'group' },
    place: { ...optional({ type: 'integer', minimum: 0 }), title: 'Miejsce', 'x-widget': 'place' },
    logo: { ...optional({ type: 'object' }), title: 'Logo', 'x-widget': 'file', 'x-accept': 'image/png' },
    email: { type: 'string', title: 'E-mail', 'x-widget': 'email', readOnly: true, 'x-personal': true },
  },
};

describe('schemaFields', () => {
  const fields = Object.fromEntries(schemaFields(FORM).map((field) => [field.name, field]));

  it('takes each field’s label, help, options in their order, limits and what the form may not change', () => {
    expect(fields.name).toMatchObject({ label: 'Nazwa', help: 'Np. Kraków.', required: true, maxLength: 255 });
    expect(fields.code).toMatchObject({ createOnly: true });
    expect(fields.code.required).toBeUndefined();
    expect(fields.kind).toMatchObject({ type: 'select', options: FORM.properties.kind['x-options'] });
    expect(fields.counts_down.label).toBe('Odwrotne liczenie');
    expect(fields.logo).toMatchObject({ type: 'file', accept: 'image/png' });
    expect(fields.email).toMatchObject({ type: 'email', disabled: true });
    expect(fields.place).toMatchObject({ type: 'number', min: 1, step: 1 });
  });

  it('keeps the screen’s own keys and fields, in the screen’s order', () => {
    const note = { render: () => null };
    const own = schemaFields(FORM, [{ name: 'kind', column: 'col-3' }, note, 'name']);
    expect(own.map((field) => field.name)).toEqual(['kind', undefined, 'name']);
    expect(own[0]).toMatchObject({ column: 'col-3', label: 'Rodzaj', type: 'select' });
    expect(own[1]).toBe(note);
  });

  it('refuses a widget nobody registered, and draws one a screen registers', () => {
    const form = { properties: { body: { type: 'string', title: 'Treść', 'x-widget': 'shout' } } };
    expect(() => schemaFields(form)).toThrow(/shout/);
    registerWidget('shout', (field) => ({ type: 'textarea', help: `${field.label}!` }));
    expect(schemaFields(form)[0]).toMatchObject({ type: 'textarea', help: 'Treść!' });
  });
});

describe('values and payloads', () => {
  const fields = schemaFields(FORM);

  it('a new record starts at the schema’s defaults: an inverted box unticked for true', () => {
    expect(valuesOfFields(fields, null)).toMatchObject({ counts_down: 0, hidden: 0, logo: null, name: '' });
  });

  it('a record’s values as the form holds them, and back as the API takes them', () => {
    const record = {
      name: 'A',
      code: 'a',
      kind: 'B',
      when: '2027-04-30T22:00:00+00:00',
      counts_down: false,
      hidden: 1,
      group_id: 4,
      place: 0,
      logo: 'ab.png',
    };
    const values = valuesOfFields(fields, record);
    expect(values).toMatchObject({ when: '2027-05-01T00:00', counts_down: 1, hidden: 1, group_id: '4', place: 1 });
    const payload = payloadOfFields(fields, { ...values, logo: '' }, true);
    expect(payload).toMatchObject({ counts_down: false, hidden: 1, group_id: 4, place: 0, logo: null });
    expect(payload).not.toHaveProperty('code');
    expect(payloadOfFields(fields, values, false).code).toBe('a');
  });
});

it('schemaColumns heads a column named after a field with its title, unless it has a label', () => {
  const columns = schemaColumns(FORM, [{ name: 'name' }, { name: 'kind', label: 'Typ' }, { name: 'updated' }]);
  expect(columns.map((column) => column.label)).toEqual(['Nazwa', 'Typ', undefined]);
});

it('a widget may hold its field as several values of its own names, and build the payload from them', () => {
  registerWidget('pair', () => ({
    valuesOf: (record) => ({
      'pair-a': record ? String(record.pair[0]) : '',
      'pair-b': record ? String(record.pair[1]) : '',
    }),
    payloadOf: (values) => [Number(values['pair-a']), Number(values['pair-b'])],
    render: () => null,
  }));
  const form = {
    properties: {
      name: { type: 'string', title: 'Nazwa' },
      pair: { type: 'array', title: 'Para', 'x-widget': 'pair' },
    },
  };
  const fields = schemaFields(form);
  expect(valuesOfFields(fields, null)).toEqual({ name: '', 'pair-a': '', 'pair-b': '' });
  const values = valuesOfFields(fields, { name: 'A', pair: [1, 2] });
  expect(values).toEqual({ name: 'A', 'pair-a': '1', 'pair-b': '2' });
  expect(payloadOfFields(fields, { ...values, 'pair-b': '5' }, true)).toEqual({ name: 'A', pair: [1, 5] });
});
