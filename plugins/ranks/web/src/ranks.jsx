// The rankings list (embed, edit, delete; a name links to the groups), the ranking form whose
// unit fields follow the type, and the import of a voivodeships group definition (SPEC 2.6, 5).
import { EditLoader, Field, Form, ImportScreen, ListScreen, Page, StatusBanner, TEXT, api, importFileField, importTypeField, publicLinkColumn, useEmbedAction, useItem, useValues } from '@smogpanel/kit';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadFailed, WrongType } from './groups.jsx';
import { ImportReport, ImportWarning } from './importing.jsx';
import { LIST, RV_TYPES, TYPE_LABEL, groups, groupsPath, rankFields, rankPayload, ranks } from './resources.js';

export const CRUMB = { label: 'Rankingi', to: LIST };

export function RankList() {
  const embed = useEmbedAction('rank', { noun: 'Ranking', defaultSize: 800 });
  return (
    <ListScreen resource={ranks} crumbs={[CRUMB]} actions={[{ label: 'Dodaj ranking', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa', render: (row) => <Link to={groupsPath(row.id)}>{row.name}</Link> },
        publicLinkColumn('rank', 'Publiczny widok rankingu'),
        { name: 'rank_type_name', label: 'Typ', render: (row) => TYPE_LABEL[row.rank_type_name] || row.rank_type_name },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: TEXT.edit, to: (row) => `${LIST}/${row.id}` }]}
      deletable>
      {embed.dialog}
    </ListScreen>
  );
}

function RankForm({ id, item }) {
  const navigate = useNavigate();
  const editing = Boolean(id);
  const [values, set] = useValues(() => {
    const initial = Object.fromEntries(rankFields('gminy').concat(rankFields('voivodeships'))
      .map((field) => [field.name, field.initial ?? '']));
    return item ? { ...initial, ...item } : initial;
  });
  const fields = rankFields(values.rank_type_name);
  function send() {
    const payload = rankPayload(values, { editing });
    return editing ? ranks.edit(id, payload) : ranks.add(payload);
  }
  return (
    <div className="col-12 col-lg-8">
      <Form onSubmit={send} onDone={() => navigate(LIST)}
        cancelTo={LIST}>
        {fields.map((field) => (
          <Field key={field.name} field={editing && field.createOnly ? { ...field, disabled: true, required: false } : field}
            value={values[field.name]} onChange={set(field.name)} />
        ))}
      </Form>
    </div>
  );
}

export function RankCreate() {
  return <Page crumbs={[CRUMB, { label: 'Dodawanie rankingu' }]}><RankForm /></Page>;
}

export function RankEdit() {
  const { rankId } = useParams();
  return (
    <Page crumbs={[CRUMB, { label: 'Edycja rankingu' }]}>
      <EditLoader resource={ranks} id={rankId}>{(item) => <RankForm key={rankId} id={rankId} item={item} />}</EditLoader>
    </Page>
  );
}

const IMPORT_FIELDS = [
  { name: 'name', label: 'Nazwa grupy', required: true, placeholder: 'np. 2025' },
  importTypeField(RV_TYPES),
  importFileField(),
];

/** /rank/{rankId}/import: a voivodeships ranking's group with its five entries from a file. */
export function RankImport() {
  const { rankId } = useParams();
  const { item, error, errors } = useItem(ranks, rankId);
  const back = groupsPath(rankId);
  const send = (values) => groups.run('import', () => api.post('/rank/import', { ...values, rank_id: Number(rankId) }), rankId);
  const crumbs = [CRUMB, { label: item ? item.name : 'Ranking', to: back }, { label: 'Import definicji' }];
  if (error) return <LoadFailed crumbs={crumbs} errors={errors} />;
  if (!item) return <Page crumbs={crumbs}><StatusBanner status="loading" /></Page>;
  // only voivodeships rankings have group definitions (SPEC 2.6): a typed URL of a gminy one gets the alert
  if (item.rank_type_name !== 'voivodeships') return <WrongType crumbs={crumbs} rank={item} />;
  return (
    <ImportScreen crumbs={crumbs} fields={IMPORT_FIELDS} initial={{ name: '', type: '', file: null }} send={send} back={back}
      note={(values) => <ImportWarning type={values.type || 'RV_XLS'} definition />} />
  );
}

export { ImportReport };
