// Recipient groups (SPEC 2.10): the list (a name links to its recipients) and the form (name only).
import { EditLoader, Field, Form, ListScreen, Page, TEXT, useValues } from '@smogpanel/kit';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CRUMB } from './letters.jsx';
import { GROUPS, LIST, groups, recipientsPath } from './resources.js';

export const GROUPS_CRUMB = { label: 'Grupy adresatów', to: GROUPS };

export function GroupList() {
  return (
    <ListScreen resource={groups} crumbs={[CRUMB, GROUPS_CRUMB]}
      actions={[{ label: 'Dodaj grupę adresatów', to: `${GROUPS}/add` },
        { label: 'Wróć do listy listów', to: LIST, variant: 'btn-outline-secondary' }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa', render: (row) => <Link to={recipientsPath(row.id)} title="Adresaci grupy">{row.name}</Link> },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: 'Adresaci', to: (row) => recipientsPath(row.id) }, { label: TEXT.edit, to: (row) => `${GROUPS}/${row.id}` }]}
      deletable />
  );
}

function GroupForm({ id, item }) {
  const navigate = useNavigate();
  const [values, set] = useValues(() => ({ name: item ? item.name : '' }));
  const send = () => (id ? groups.edit(id, { name: values.name }) : groups.add({ name: values.name }));
  return (
    <div className="col-12 col-lg-8">
      <Form onSubmit={send} onDone={() => navigate(GROUPS)}
        cancelTo={GROUPS}>
        <Field field={{ name: 'name', label: 'Nazwa', required: true, help: 'Np. Radni Miasta Krakowa.' }} value={values.name} onChange={set('name')} />
      </Form>
    </div>
  );
}

export function GroupCreate() {
  return <Page crumbs={[CRUMB, GROUPS_CRUMB, { label: 'Dodawanie grupy' }]}><GroupForm /></Page>;
}

export function GroupEdit() {
  const { recipientGroupId } = useParams();
  return (
    <Page crumbs={[CRUMB, GROUPS_CRUMB, { label: 'Edycja grupy' }]}>
      <EditLoader resource={groups} id={recipientGroupId}>{(item) => <GroupForm key={recipientGroupId} id={recipientGroupId} item={item} />}</EditLoader>
    </Page>
  );
}
