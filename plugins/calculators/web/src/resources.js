// The calculators' resources and forms (SPEC 2.8, 3 Calculator, 4, 5 Calculator, 7 Calculators).
import { api, defineResource, payloadOf } from '@smogpanel/kit';
import { internalNameField } from '@smogpanel/kit/helpers';
import { spaced } from './model.js';

export const LIST = '/calculator';
export const DEFINITION_SET = '/calculator/definition/set';
export const DEFINITION_IMPORT = '/calculator/definition/import';
export const calculators = defineResource({ kind: 'calculator', base: '/calculator' });
// The shared definition: state.types holds it, cleared on request (SPEC 4).
export const definition = defineResource({ kind: 'calculatorDefinition', base: '/calculator/definition' });
export const loadDefinition = () => definition.fetch('types', () => api.get('/calculator/definition/'));
export const loadVersions = () => definition.fetch('versions', () => api.get('/calculator/definition/version/'));

export const TYPES = [{ value: 'HEATING_COST', label: 'Kalkulator kosztów ogrzewania' }];
export const typeLabel = (code) => (TYPES.find((t) => t.value === code) || { label: code }).label;
export const fields = [
  { name: 'name', label: 'Nazwa', required: true },
  internalNameField({ of: 'kalkulatora', view: 'calculator' }),
  {
    name: 'calculator_type_name',
    label: 'Typ',
    type: 'select',
    required: true,
    options: TYPES,
    initial: 'HEATING_COST',
  },
  {
    name: 'show_refund',
    label: 'Pokaż pole dotacji (koszt wymiany źródła po dotacji i czas zwrotu)',
    type: 'checkbox',
    initial: 0,
  },
  { name: 'refund_checkbox', label: 'Tekst pola dotacji', placeholder: 'Uwzględnij dotację do wymiany źródła ciepła' },
  { name: 'legend', label: 'Legenda', type: 'textarea', rows: 3 },
  { name: 'footer', label: 'Stopka', type: 'textarea', rows: 2 },
];

export const initialValues = (item) =>
  Object.fromEntries(fields.map((f) => [f.name, item ? (item[f.name] ?? '') : (f.initial ?? '')]));
export const toPayload = (values, editing) => payloadOf(fields, values, editing);

/** The definition form's rows from the API's types (each row keyed for React). */
export const typeRows = (types) =>
  (types || []).map((t, i) => ({
    uuid: `t${t.id ?? i}`,
    name: t.name,
    definitions: t.definitions.map((d, j) => ({ uuid: `d${d.id ?? `${i}-${j}`}`, name: d.name, value: d.value })),
  }));

/** The payload of POST /calculator/definition/: values as typed (the server keeps them exact). */
export const definitionPayload = (rows) => ({
  types: rows.map((t) => ({ name: t.name, definitions: t.definitions.map((d) => ({ name: d.name, value: d.value })) })),
});

/** A definition's value field: its placeholder is the definition's name with spaces (SPEC 5). */
export const definitionFields = (row) => [
  { name: 'name', label: 'Nazwa definicji', required: true, column: 'col-md-5', help: 'np. cena_za_tone' },
  {
    name: 'value',
    label: 'Wartość',
    type: 'number',
    step: 'any',
    required: true,
    column: 'col-md-4',
    placeholder: row.name ? spaced(row.name) : 'wartość',
  },
];
