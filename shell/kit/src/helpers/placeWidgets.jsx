// The places a gmina-keyed or voivodeship-keyed record is chosen by, as widgets the schemas name
// (`Id("Gmina", refers_to="borough", widget="gmina")`, `widget="voivodeship"`): the searchable
// gmina picker and the select of live voivodeships, placed by the form's description and not by
// a screen's own `render`. Once the record exists (editing) the place is shown, not chosen:
// `shown(item)` (a field's own key) words it, else 'Gmina: <gmina> (powiat …, woj. …)'; a field
// whose place may change (`changeable`, a field's own key: an item's gmina or voivodeship hook)
// is chosen when editing too. Standard widgets of schemaForm.jsx (not registered by a side
// effect here: a remote that imports nothing of this module would lose them to tree shaking).
import { createElement } from 'react';
import { Field, GminaSelect } from '@smogpanel/kit';
import { useVoivodeships } from './voivodeships.js';

/** A record's gmina as the picker's options name it. */
export const gminaOf = (item) => `${item.borough_name} (powiat ${item.district_name}, woj. ${item.voivodeship_name})`;

/** What an edit form shows instead of choosing the place again. */
const shownPlace = (field, item, standard) =>
  createElement('p', { className: 'form-text' }, `${field.label}: ${(field.shown || standard)(item)}`);

function VoivodeshipSelect({ field, value, onChange }) {
  const { options, failed } = useVoivodeships();
  const help = failed ? 'Nie udało się wczytać województw.' : field.help;
  return createElement(Field, { field: { ...field, type: 'select', options, help }, value, onChange });
}

/** The kit's 'gmina' and 'voivodeship' widgets (schemaForm.jsx's standard ones). */
export const PLACE_WIDGETS = {
  gmina: (field) => ({
    numeric: true,
    render: ({ value, onChange, editing, item }) =>
      editing && !field.changeable
        ? shownPlace(field, item, gminaOf)
        : createElement(GminaSelect, {
            name: field.name,
            label: field.label,
            value,
            onChange,
            required: field.required,
          }),
  }),
  voivodeship: (field) => ({
    numeric: true,
    render: ({ value, onChange, editing, item }) =>
      editing && !field.changeable
        ? shownPlace(field, item, (record) => record.voivodeship_name)
        : createElement(VoivodeshipSelect, { field: { ...field, render: undefined }, value, onChange }),
  }),
};

/** The columns of a gmina-keyed list (the rows' borough_name, district_name, voivodeship_name),
 * as the lists' gmina filters name them. */
export const GMINA_COLUMNS = [
  { name: 'borough_name', label: 'Gmina' },
  { name: 'district_name', label: 'Powiat' },
  { name: 'voivodeship_name', label: 'Województwo' },
];
