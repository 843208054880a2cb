// The letters' screens (SPEC 2.10): the list with embed, edit, senders and delete; the add and
// edit forms with the recipient group select, the cover, the rich-text editor and the consent fields.
import { FormScreen, ListScreen, TEXT, api, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { internalNameField } from '@smogpanel/kit/helpers';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { DEFAULT_GDPR_AGREEMENT, GROUPS, LIST, letterPayload, letterValues, letters } from './resources.js';

const RichTextEditor = lazy(() => import(/* webpackChunkName: "lazy-editor" */ './editor.jsx'));

export const CRUMB = { label: 'Listy', to: LIST };

export function LetterList() {
  const embed = useEmbedAction('letter', { noun: 'List' });
  return (
    <ListScreen
      resource={letters}
      crumbs={[CRUMB]}
      actions={[
        { label: 'Dodaj list', to: `${LIST}/add` },
        { label: 'Zarządzaj grupami adresatów', to: GROUPS, variant: 'btn-outline-primary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa' },
        publicLinkColumn('letter', 'Publiczny widok listu'),
        { name: 'sent', label: 'Wysłane' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[
        embed.action,
        { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` },
        { label: 'Nadawcy', to: (row) => `${LIST}/${row.id}/sender` },
      ]}
      deletable>
      {embed.dialog}
    </ListScreen>
  );
}

/** The recipient groups for the select, by name (GET /recipient_group/ answers them so). */
function useGroupOptions() {
  const [options, setOptions] = useState([]);
  useEffect(() => {
    let live = true;
    api.get('/recipient_group/', { order: 'name', asc: 1 }).then(
      (answer) => live && setOptions(answer.list.map((g) => ({ value: String(g.id), label: g.name }))),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return options;
}

const letterFields = (groupOptions) => [
  { name: 'name', label: 'Nazwa', required: true },
  internalNameField({ of: 'listu' }),
  {
    name: 'recipient_group_id',
    label: 'Grupa adresatów',
    type: 'select',
    required: true,
    options: groupOptions,
    help: 'List trafi do każdego adresata tej grupy.',
  },
  { name: 'cover_path', label: 'Okładka', type: 'file', accept: 'image/png,image/jpeg,image/gif,image/webp' },
  { name: 'title', label: 'Tytuł', required: true, help: 'Także temat wiadomości do adresatów.' },
  {
    name: 'content',
    render: ({ value, onChange }) => (
      <div className="mb-3">
        <label className="form-label" htmlFor="field-content">
          Treść
        </label>
        <Suspense
          fallback={
            <div className="border rounded p-3" style={{ height: 400 }}>
              Wczytywanie edytora...
            </div>
          }>
          <RichTextEditor id="field-content" label="Treść" value={value} onChange={onChange} />
        </Suspense>
      </div>
    ),
  },
  {
    name: 'gdpr_agreement',
    label: 'Treść zgody',
    type: 'textarea',
    rows: 2,
    placeholder: DEFAULT_GDPR_AGREEMENT,
    help: `Pusta: „${DEFAULT_GDPR_AGREEMENT}”`,
  },
  { name: 'gdpr_info', label: 'Informacja o przetwarzaniu danych', type: 'textarea', rows: 3 },
];

function LetterScreen({ label, id }) {
  const groupOptions = useGroupOptions();
  return (
    <FormScreen
      resource={letters}
      id={id}
      crumbs={[CRUMB, { label }]}
      fields={letterFields(groupOptions)}
      valuesOf={letterValues}
      toPayload={(values, { editing }) => letterPayload(values, editing)}
      back={LIST}
    />
  );
}

export function LetterCreate() {
  return <LetterScreen label="Dodawanie listu" />;
}

export function LetterEdit() {
  const { letterId } = useParams();
  return <LetterScreen label="Edycja listu" id={letterId} />;
}
