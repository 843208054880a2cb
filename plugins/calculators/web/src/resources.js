// The calculators' resources and forms (SPEC 2.8, 3 Calculator, 4, 5 Calculator, 7 Calculators).
import { api, defineResource } from '@smogpanel/kit';
import { spaced } from './model.js';

export const LIST = '/calculator';
export const DEFINITION_SET = '/calculator/definition/set';
export const DEFINITION_IMPORT = '/calculator/definition/import';
export const calculators = defineResource({ kind: 'calculator', base: '/calculator' });
// The shared definition: state.types holds it, cleared on request (SPEC 4).
export const definition = defineResource({ kind: 'calculatorDefinition', base: '/calculator/definition' });
export const loadDefinition = () => definition.fetch('types', () => api.get('/calculator/definition/'));
export const loadVersions = () => definition.fetch('versions', () => api.get('/calculator/definition/version/'));

/** The calculator form (its schema's fields); the refund's text only with the refund shown. */
export const calculatorForm = (values) =>
  [
    'name',
    'internal_name',
    { name: 'calculator_type_name', initial: 'HEATING_COST' },
    'show_refund',
    { name: 'refund_checkbox', placeholder: 'Uwzględnij dotację do wymiany źródła ciepła' },
    { name: 'legend', rows: 3 },
    { name: 'footer', rows: 2 },
  ].filter((field) => field.name !== 'refund_checkbox' || Number(values.show_refund));

/** The payload carries the refund's text whether shown or not (the server fills in its default). */
export const calculatorPayload = (payload, { values }) => ({ ...payload, refund_checkbox: values.refund_checkbox });

/** {code: label} of the calculator types, as the calculator's schema offers them. */
export const typeLabels = (description) =>
  Object.fromEntries(description.properties.calculator_type_name['x-options'].map((o) => [o.value, o.label]));

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

/** A definition's fields (the schema's): its value's placeholder is the definition's name with spaces (SPEC 5). */
export const definitionForm = (row) => [
  { name: 'name', column: 'col-md-5' },
  {
    name: 'value',
    type: 'number',
    step: 'any',
    required: true,
    column: 'col-md-4',
    placeholder: row.name ? spaced(row.name) : 'wartość',
  },
];
