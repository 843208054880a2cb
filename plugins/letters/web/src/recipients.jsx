// Recipients of a group (SPEC 2.10): the list (id, name, email, sent, updated), the form
// (name, email) and the import (a spreadsheet plus the name column and the e-mail column).
import { EditLoader, Field, Form, ListScreen, Page, StatusBanner, TEXT, api, useItem, useValues } from '@smogpanel/kit';
import { useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { GROUPS_CRUMB } from './groups.jsx';
import { CRUMB } from './letters.jsx';
import { groups, recipients, recipientsPath } from './resources.js';

function useGroupCrumbs(groupId, label) {
  const { item, error, errors } = useItem(groups, groupId);
  const crumbs = [CRUMB, GROUPS_CRUMB, { label: item ? item.name : 'Grupa', to: recipientsPath(groupId) }];
  const waiting = item ? null : <StatusBanner status={error ? 'error' : 'loading'} errors={errors} />;
  return { group: item, waiting, crumbs: label ? [...crumbs, { label }] : crumbs };
}

function ImportReport({ report }) {
  return (
    <div className="alert alert-info" role="status">
      <p className="mb-1">Dodano adresatów: {report.created}. Pominięto wierszy: {report.skipped.length}.</p>
      {report.skipped.length > 0 && <ul className="mb-0">{report.skipped.map((s, i) => <li key={i}>{s.description}</li>)}</ul>}
    </div>
  );
}

export function RecipientList() {
  const { recipientGroupId } = useParams();
  const { group, crumbs } = useGroupCrumbs(recipientGroupId);
  const report = useLocation().state?.imported;
  const base = recipientsPath(recipientGroupId);
  return (
    <ListScreen resource={recipients} parent={recipientGroupId} crumbs={crumbs}
      heading={group ? `Adresaci grupy „${group.name}”` : 'Adresaci'}
      actions={[
        { label: 'Dodaj adresata', to: `${base}/add` },
        { label: 'Importuj adresatów', to: `${base}/import` },
        { label: 'Wróć do grup adresatów', to: GROUPS_CRUMB.to, variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa' },
        { name: 'email', label: 'E-mail' },
        { name: 'sent', label: 'Wysłane' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable>
      {report && <ImportReport report={report} />}
    </ListScreen>
  );
}

const FIELDS = [
  { name: 'name', label: 'Nazwa', required: true, help: 'Np. imię, nazwisko i funkcja: Jan Kowalski, radny.' },
  { name: 'email', label: 'E-mail', type: 'email', required: true },
];

function RecipientForm({ groupId, id, item }) {
  const navigate = useNavigate();
  const [values, set] = useValues(() => ({ name: item ? item.name : '', email: item ? item.email : '' }));
  const back = recipientsPath(groupId);
  const send = () => (id ? recipients.edit(id, { name: values.name, email: values.email }, groupId)
    : recipients.add({ name: values.name, email: values.email, recipient_group_id: Number(groupId) }, groupId));
  return (
    <div className="col-12 col-lg-8">
      <Form onSubmit={send} onDone={() => navigate(back)}
        cancelTo={back}>
        {FIELDS.map((f) => <Field key={f.name} field={f} value={values[f.name]} onChange={set(f.name)} />)}
      </Form>
    </div>
  );
}

export function RecipientCreate() {
  const { recipientGroupId } = useParams();
  const { crumbs } = useGroupCrumbs(recipientGroupId, 'Dodawanie adresata');
  return <Page crumbs={crumbs}><RecipientForm groupId={recipientGroupId} /></Page>;
}

export function RecipientEdit() {
  const { recipientGroupId, recipientId } = useParams();
  const { crumbs } = useGroupCrumbs(recipientGroupId, 'Edycja adresata');
  return (
    <Page crumbs={crumbs}>
      <EditLoader resource={recipients} id={recipientId}>
        {(item) => <RecipientForm key={recipientId} groupId={recipientGroupId} id={recipientId} item={item} />}
      </EditLoader>
    </Page>
  );
}

const IMPORT_FIELDS = [
  { name: 'file', label: 'Plik', type: 'file', required: true, accept: '.xlsx,.xls,.csv', help: 'Arkusz .xlsx, .xls albo .csv.' },
  { name: 'name_column', label: 'Kolumna z nazwą', required: true, help: 'Litera kolumny (np. A) albo jej nagłówek (np. Nazwisko).' },
  { name: 'email_column', label: 'Kolumna z adresem e-mail', required: true, help: 'Litera kolumny (np. B) albo jej nagłówek (np. E-mail).' },
];

export function RecipientImport() {
  const { recipientGroupId } = useParams();
  const navigate = useNavigate();
  const { crumbs } = useGroupCrumbs(recipientGroupId, 'Import adresatów');
  const [values, set] = useValues(() => ({ file: null, name_column: '', email_column: '' }));
  const answer = useRef(null);
  const back = recipientsPath(recipientGroupId);

  async function send() {
    const payload = { recipient_group_id: Number(recipientGroupId), ...values };
    const result = await recipients.run('import', () => api.post('/recipient/import', payload), recipientGroupId);
    if (result.ok) answer.current = { ...result.payload, skipped: result.payload.skipped || [] };
    return result;
  }

  return (
    <Page crumbs={crumbs}>
      <div className="alert alert-info" role="note">
        Jeden adresat w wierszu. Wiersze z błędnym adresem e-mail, bez nazwy albo z adresem, który już jest w pliku lub
        w grupie, zostaną pominięte, a po imporcie zobaczysz listę pominiętych wierszy z powodami.
      </div>
      <div className="col-12 col-lg-8">
        <Form onSubmit={send} onDone={() => navigate(back, { state: { imported: answer.current } })}
          submitLabel="Importuj" cancelTo={back}>
          {IMPORT_FIELDS.map((field) => <Field key={field.name} field={field} value={values[field.name]} onChange={set(field.name)} />)}
        </Form>
      </div>
    </Page>
  );
}
