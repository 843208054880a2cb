// A graph's keys editor: the 'graph_keys' widget its schema places on the plain keys (CIRCLE,
// MULTILINE) and on the key groups (BAR, LINE), each group with its own keys. The rows' fields
// and labels are the schema's; only the buttons' and empty lists' wording is the screen's.
import { registerWidget, rowsWidget } from '@smogpanel/kit/helpers';

const KEYS = {
  form: [
    { name: 'name', column: 'col-md-6' },
    { name: 'short_name', column: 'col-md-4' },
  ],
  addLabel: 'Dodaj klucz',
};

registerWidget(
  'graph_keys',
  rowsWidget({
    graph_keys: {
      ...KEYS,
      empty: (values) =>
        values.graph_type_name === 'CIRCLE' ? 'Każdy klucz to wycinek koła.' : 'Każdy klucz to punkt na osi poziomej.',
    },
    graph_key_groups: {
      form: [
        { name: 'name', column: 'col-md-5' },
        { name: 'color', column: 'col-md-4' },
      ],
      removeLabel: 'Usuń grupę',
      addLabel: 'Dodaj grupę kluczy',
      empty: 'Wykres nie ma jeszcze grup kluczy. Każda grupa to seria danych w swoim kolorze.',
      keys: KEYS,
    },
  }),
);
