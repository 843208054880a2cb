import { SchemaFormScreen, SchemaListScreen } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { columns, voivodeships } from './resources.js';

export const LIST = '/voivodeship';
const CRUMB = { label: 'Województwa', to: LIST };

export function VoivodeshipList() {
  return (
    <SchemaListScreen
      resource={voivodeships}
      crumbs={[CRUMB]}
      actions={[
        { label: 'Dodaj województwo', to: `${LIST}/add` },
        { label: 'Importuj TERYT', to: `${LIST}/import-teryt` },
        { label: 'Wszystkie gminy', to: `${LIST}/gminy`, variant: 'btn-outline-secondary' },
      ]}
      searchHelp="nazwa województwa, jego kod TERYT (gminy znajdziesz w „Wszystkie gminy”)"
      columns={columns((row) => (
        <Link to={`${LIST}/${row.id}/district`}>{row.name}</Link>
      ))}
      rowLinks={[{ label: 'Edytuj', to: (row) => `${LIST}/${row.id}` }]}
      deletable
    />
  );
}

export function VoivodeshipCreate() {
  return <SchemaFormScreen resource={voivodeships} crumbs={[CRUMB, { label: 'Dodawanie województwa' }]} back={LIST} />;
}

export function VoivodeshipEdit() {
  const { voivodeshipId } = useParams();
  return (
    <SchemaFormScreen
      resource={voivodeships}
      id={voivodeshipId}
      crumbs={[CRUMB, { label: 'Edycja województwa' }]}
      back={LIST}
    />
  );
}
