// Import of a definition file into a graph: name, file type (those fitting the chart's type),
// then the file field, shown only once a type is chosen (SPEC 4); on success the group list.
import { ImportScreen, TemplateLink, api, importFileField, importTypeField } from '@smogpanel/kit';
import { useParentCrumbs } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { graphTrail } from './groups.jsx';
import { IMPORTS, groups, groupsPath } from './resources.js';

const WARNINGS = {
  line:
    'Wykres musi mieć grupy kluczy: „Łączna liczba wniosków”, „Liczba wniosków o wymianę kotła”, „Liczba złożonych wniosków”, ' +
    '„Liczba podpisanych umów”, „Kwota wypłaconych dotacji”, a w nich klucze województw i „Cała Polska”.',
  multiline:
    'Wykres musi mieć klucze: „Cała Polska” oraz pięć źródeł ciepła: „Kotły na biomasę”, „Węzły cieplne”, ' +
    '„Ogrzewanie elektryczne”, „Kotły gazowe”, „Pompy ciepła powietrzne”.',
  circle:
    'Wykres musi mieć klucze ośmiu źródeł ciepła: „Kotły na biomasę”, „Kotły węglowe”, „Węzły cieplne”, „Ogrzewanie elektryczne”, ' +
    '„Kotły olejowe”, „Kotły gazowe”, „Pompy ciepła powietrzne”, „Pompy ciepła gruntowe lub wodne”.',
};
const family = (type) =>
  type.startsWith('CP_LINE') ? 'line' : type.startsWith('CP_MULTILINE') ? 'multiline' : 'circle';

export function GraphImport() {
  const { graphId } = useParams();
  const {
    items: [graph],
    waiting,
    crumbs,
  } = useParentCrumbs(graphTrail(graphId), 'Import definicji');
  const types = graph ? IMPORTS[graph.graph_type_name] : [];
  const send = (values) =>
    groups.run('import', () => api.post('/graph/import', { ...values, graph_id: Number(graphId) }), graphId);
  // the file field shows only once a type is chosen, with what that type's file must hold
  const fields = (values) => [
    {
      name: 'name',
      label: 'Nazwa',
      required: true,
      help:
        graph.graph_type_name === 'CIRCLE'
          ? 'Nazwa wpisu; trafi do grupy „Pozycje”.'
          : 'Nazwa wpisu; rok w nazwie (np. „Raport 2024”) wskazuje grupę, inaczej grupa „Pozycje”.',
    },
    importTypeField('/graph/import', types),
    ...(values.type
      ? [
          {
            render: () => (
              <div className="alert alert-warning" role="note">
                {WARNINGS[family(values.type)]} Brakujące zostaną pominięte i wymienione po imporcie.{' '}
                <TemplateLink type={values.type}>Pobierz szablon</TemplateLink>
              </div>
            ),
          },
          importFileField({ help: null }),
        ]
      : []),
  ];
  return (
    <ImportScreen
      crumbs={crumbs}
      waiting={waiting}
      fields={fields}
      initial={{ name: '', type: '', file: null }}
      send={send}
      back={groupsPath(graphId)}
    />
  );
}
