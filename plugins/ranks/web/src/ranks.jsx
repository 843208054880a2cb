// The rankings list (embed, edit, delete; a name links to the groups), the ranking form whose
// unit fields follow the type, and the import of a voivodeships group definition (SPEC 2.6, 5).
import {
  FormScreen,
  ImportScreen,
  ListScreen,
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
import { Link, useParams } from 'react-router-dom';
import { ImportReport, ImportWarning } from './importing.jsx';
import { LIST, TYPE_LABEL, groups, groupsPath, rankFields, rankPayload, ranks } from './resources.js';
import { CRUMB, LoadFailed, WrongType } from './trail.jsx';

export function RankList() {
  const embed = useEmbedAction('rank', { noun: 'Ranking', defaultSize: 800 });
  return (
    <ListScreen
      resource={ranks}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj ranking', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa', render: (row) => <Link to={groupsPath(row.id)}>{row.name}</Link> },
        publicLinkColumn('rank', 'Publiczny widok rankingu'),
        { name: 'rank_type_name', label: 'Typ', render: (row) => TYPE_LABEL[row.rank_type_name] || row.rank_type_name },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` }]}
      filters={[
        {
          name: 'rank_type_name',
          label: 'Typ',
          options: Object.entries(TYPE_LABEL).map(([value, label]) => ({ value, label })),
        },
      ]}
      deletable>
      {embed.dialog}
    </ListScreen>
  );
}

/** Both types' fields start at their initial values, so switching the type keeps what was typed. */
function rankValues(item) {
  const initial = Object.fromEntries(
    rankFields('gminy')
      .concat(rankFields('voivodeships'))
      .map((field) => [field.name, field.initial ?? '']),
  );
  return item ? { ...initial, ...item } : initial;
}

const form = {
  resource: ranks,
  fields: (values) => rankFields(values.rank_type_name),
  valuesOf: rankValues,
  back: LIST,
  toPayload: (values, { editing }) => rankPayload(values, { editing }),
};

export function RankCreate() {
  return <FormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie rankingu' }]} />;
}

export function RankEdit() {
  const { rankId } = useParams();
  return <FormScreen {...form} id={rankId} crumbs={[CRUMB, { label: 'Edycja rankingu' }]} />;
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
