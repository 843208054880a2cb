// The rankings list (embed, edit, delete; a name links to the groups), the ranking form whose
// unit fields follow the type, and the import of a voivodeships group definition (SPEC 2.6, 5).
import {
  ImportScreen,
  Page,
  StatusBanner,
  TEXT,
  api,
  importFileField,
  importTypeField,
  publicLinkColumn,
  useEmbedAction,
  useItem,
} from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, useFormDescription } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { ImportReport, ImportWarning } from './importing.jsx';
import { LIST, groups, groupsPath, rankForm, rankPayload, ranks, typeLabels } from './resources.js';
import { CRUMB, LoadFailed, WrongType } from './trail.jsx';

export function RankList() {
  const embed = useEmbedAction('rank', { noun: 'Ranking', defaultSize: 800 });
  const { description } = useFormDescription('rank');
  const types = description ? typeLabels(description) : {};
  return (
    <SchemaListScreen
      resource={ranks}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj ranking', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', render: (row) => <Link to={groupsPath(row.id)}>{row.name}</Link> },
        publicLinkColumn('rank', 'Publiczny widok rankingu'),
        { name: 'rank_type_name', label: 'Typ', render: (row) => types[row.rank_type_name] || row.rank_type_name },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` }]}
      filters={[
        {
          name: 'rank_type_name',
          label: 'Typ',
          options: Object.entries(types).map(([value, label]) => ({ value, label })),
        },
      ]}
      deletable>
      {embed.dialog}
    </SchemaListScreen>
  );
}

const form = {
  resource: ranks,
  form: rankForm,
  back: LIST,
  toPayload: rankPayload,
};

export function RankCreate() {
  return <SchemaFormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie rankingu' }]} />;
}

export function RankEdit() {
  const { rankId } = useParams();
  return <SchemaFormScreen {...form} id={rankId} crumbs={[CRUMB, { label: 'Edycja rankingu' }]} />;
}

const IMPORT_FIELDS = [
  { name: 'name', label: 'Nazwa grupy', required: true, placeholder: 'np. 2025' },
  importTypeField('/rank/import'),
  importFileField(),
];

/** /rank/{rankId}/import: a voivodeships ranking's group with its five entries from a file. */
export function RankImport() {
  const { rankId } = useParams();
  const { item, error, errors } = useItem(ranks, rankId);
  const back = groupsPath(rankId);
  const send = (values) =>
    groups.run('import', () => api.post('/rank/import', { ...values, rank_id: Number(rankId) }), rankId);
  const crumbs = [CRUMB, { label: item ? item.name : 'Ranking', to: back }, { label: 'Import definicji' }];
  if (error) return <LoadFailed crumbs={crumbs} errors={errors} />;
  if (!item)
    return (
      <Page crumbs={crumbs}>
        <StatusBanner status="loading" />
      </Page>
    );
  // only voivodeships rankings have group definitions (SPEC 2.6): a typed URL of a gminy one gets the alert
  if (item.rank_type_name !== 'voivodeships') return <WrongType crumbs={crumbs} rank={item} />;
  return (
    <ImportScreen
      crumbs={crumbs}
      fields={IMPORT_FIELDS}
      initial={{ name: '', type: '', file: null }}
      send={send}
      back={back}
      note={(values) => <ImportWarning type={values.type || 'RV_XLS'} definition />}
    />
  );
}

export { ImportReport };
