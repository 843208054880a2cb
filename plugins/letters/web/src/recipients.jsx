// Recipients of a group (SPEC 2.10): the list (id, name, email, sent, updated), the form
// (name, email) and the import (a spreadsheet plus the name column and the e-mail column).
import { ImportReport, ImportScreen, TEXT, api, importFileField, useImportReport } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, useParentCrumbs } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { GROUPS_CRUMB } from './groups.jsx';
import { CRUMB } from './letters.jsx';
import { groups, recipients, recipientsPath } from './resources.js';

/** The trail of a screen under a recipient group (useParentCrumbs). */
const groupTrail = (groupId) => [
  CRUMB,
  GROUPS_CRUMB,
  { resource: groups, id: groupId, fallback: 'Grupa', to: recipientsPath(groupId) },
];

export function RecipientList() {
  const { recipientGroupId } = useParams();
  const {
    items: [group],
    crumbs,
  } = useParentCrumbs(groupTrail(recipientGroupId));
  const report = useImportReport();
  const base = recipientsPath(recipientGroupId);
  return (
    <SchemaListScreen
      resource={recipients}
      parent={recipientGroupId}
      crumbs={crumbs}
      heading={group ? `Adresaci grupy „${group.name}”` : 'Adresaci'}
      actions={[
        { label: 'Dodaj adresata', to: `${base}/add` },
        { label: 'Importuj adresatów', to: `${base}/import` },
        { label: 'Wróć do grup adresatów', to: GROUPS_CRUMB.to, variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
        { name: 'email', label: 'E-mail' },
        { name: 'sent', label: 'Wysłane' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable>
      {report && (
        <ImportReport
          summary={`Dodano adresatów: ${report.created}. Pominięto wierszy: ${report.skipped.length}.`}
          skipped={report.skipped}
        />
      )}
    </SchemaListScreen>
  );
}

const FIELDS = ['name', 'email']; // the group is the screen's (extra)

export function RecipientCreate() {
  const { recipientGroupId } = useParams();
  const { crumbs } = useParentCrumbs(groupTrail(recipientGroupId), 'Dodawanie adresata');
  return (
    <SchemaFormScreen
      resource={recipients}
      parent={recipientGroupId}
      crumbs={crumbs}
      form={FIELDS}
      extra={{ recipient_group_id: Number(recipientGroupId) }}
      back={recipientsPath(recipientGroupId)}
    />
  );
}

export function RecipientEdit() {
  const { recipientGroupId, recipientId } = useParams();
  const { crumbs } = useParentCrumbs(groupTrail(recipientGroupId), 'Edycja adresata');
  return (
    <SchemaFormScreen
      resource={recipients}
      id={recipientId}
      parent={recipientGroupId}
      crumbs={crumbs}
      form={FIELDS}
      back={recipientsPath(recipientGroupId)}
    />
  );
}

const IMPORT_FIELDS = [
  importFileField(),
  {
    name: 'name_column',
    label: 'Kolumna z nazwą',
    required: true,
    help: 'Litera kolumny (np. A) albo jej nagłówek (np. Nazwisko).',
  },
  {
    name: 'email_column',
    label: 'Kolumna z adresem e-mail',
    required: true,
    help: 'Litera kolumny (np. B) albo jej nagłówek (np. E-mail).',
  },
];

export function RecipientImport() {
  const { recipientGroupId } = useParams();
  const { crumbs } = useParentCrumbs(groupTrail(recipientGroupId), 'Import adresatów');
  const send = (values) =>
    recipients.run(
      'import',
      () => api.post('/recipient/import', { recipient_group_id: Number(recipientGroupId), ...values }),
      recipientGroupId,
    );
  return (
    <ImportScreen
      crumbs={crumbs}
      fields={IMPORT_FIELDS}
      initial={{ file: null, name_column: '', email_column: '' }}
      send={send}
      back={recipientsPath(recipientGroupId)}
      note={() => (
        <div className="alert alert-info" role="note">
          Jeden adresat w wierszu. Wiersze z błędnym adresem e-mail, bez nazwy albo z adresem, który już jest w pliku
          lub w grupie, zostaną pominięte, a po imporcie zobaczysz listę pominiętych wierszy z powodami.
        </div>
      )}
    />
  );
}
