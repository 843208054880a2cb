// The letters' screens (SPEC 2.10): the list with embed, edit, senders and delete; the add and
// edit forms with the recipient group select, the cover, the rich-text editor and the consent fields.
import { TEXT, api, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, registerWidget } from '@smogpanel/kit/helpers';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { DEFAULT_GDPR_AGREEMENT, GROUPS, LIST, letters } from './resources.js';

const RichTextEditor = lazy(() => import(/* webpackChunkName: "lazy-editor" */ './editor.jsx'));

export const CRUMB = { label: 'Listy', to: LIST };

export function LetterList() {
  const embed = useEmbedAction('letter', { noun: 'List' });
  return (
    <SchemaListScreen
      resource={letters}
      crumbs={[CRUMB]}
      actions={[
        { label: 'Dodaj list', to: `${LIST}/add` },
        { label: 'Zarządzaj grupami adresatów', to: GROUPS, variant: 'btn-outline-primary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
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
    </SchemaListScreen>
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

// The letter's content (`widget="richtext"` in its schema): the Tiptap editor, loaded on demand.
registerWidget('richtext', (field) => ({
  render: ({ value, onChange }) => (
    <div className="mb-3">
      <label className="form-label" htmlFor={`field-${field.name}`}>
        {field.label}
      </label>
      <Suspense
        fallback={
          <div className="border rounded p-3" style={{ height: 400 }}>
            Wczytywanie edytora...
          </div>
        }>
        <RichTextEditor id={`field-${field.name}`} label={field.label} value={value} onChange={onChange} />
      </Suspense>
    </div>
  ),
}));

/** The schema's fields; the screen's own: the groups to choose from, the consent's placeholder, the boxes' heights. */
const letterForm = (groupOptions) => [
  'name',
  'internal_name',
  { name: 'recipient_group_id', options: groupOptions },
  'cover_path',
  'title',
  'content',
  { name: 'gdpr_agreement', rows: 2, placeholder: DEFAULT_GDPR_AGREEMENT },
  { name: 'gdpr_info', rows: 3 },
];

function LetterScreen({ label, id }) {
  const groupOptions = useGroupOptions();
  return (
    <SchemaFormScreen
      resource={letters}
      id={id}
      crumbs={[CRUMB, { label }]}
      form={letterForm(groupOptions)}
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
