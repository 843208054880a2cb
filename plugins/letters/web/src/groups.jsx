// Recipient groups (SPEC 2.10): the list (a name links to its recipients) and the form (name only).
import { TEXT } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { CRUMB } from './letters.jsx';
import { GROUPS, LIST, groups, recipientsPath } from './resources.js';

export const GROUPS_CRUMB = { label: 'Grupy adresatów', to: GROUPS };

export function GroupList() {
  return (
    <SchemaListScreen
      resource={groups}
      crumbs={[CRUMB, GROUPS_CRUMB]}
      actions={[
        { label: 'Dodaj grupę adresatów', to: `${GROUPS}/add` },
        { label: 'Wróć do listy listów', to: LIST, variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          render: (row) => (
            <Link to={recipientsPath(row.id)} title="Adresaci grupy">
              {row.name}
            </Link>
          ),
        },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[
        { label: 'Adresaci', to: (row) => recipientsPath(row.id) },
        { label: TEXT.edit, to: (row) => `${GROUPS}/${row.id}` },
      ]}
      deletable
    />
  );
}

export function GroupCreate() {
  return (
    <SchemaFormScreen resource={groups} crumbs={[CRUMB, GROUPS_CRUMB, { label: 'Dodawanie grupy' }]} back={GROUPS} />
  );
}

export function GroupEdit() {
  const { recipientGroupId } = useParams();
  return (
    <SchemaFormScreen
      resource={groups}
      id={recipientGroupId}
      crumbs={[CRUMB, GROUPS_CRUMB, { label: 'Edycja grupy' }]}
      back={GROUPS}
    />
  );
}
