// Groups of a ranking and entries of a voivodeships group (SPEC 2.6): lists, name-only forms.
import { StatusBanner, TEXT, useImportReport } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, useParentCrumbs } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { ImportReport } from './importing.jsx';
import { entries, entriesPath, entryValuesPath, groups, groupsPath, valuesPath } from './resources.js';
import { LoadFailed, rankTrail } from './trail.jsx';

export function GroupList() {
  const { rankId } = useParams();
  const {
    items: [rank],
    crumbs,
    failed,
  } = useParentCrumbs(rankTrail(rankId));
  const report = useImportReport();
  const base = groupsPath(rankId);
  const voivodeships = rank?.rank_type_name === 'voivodeships';
  const actions = [{ label: 'Dodaj grupę', to: `${base}/add` }];
  if (voivodeships) actions.push({ label: 'Importuj definicję', to: `/rank/${rankId}/import` });
  actions.push({ label: 'Wróć do listy rankingów', to: '/rank', variant: 'btn-outline-secondary' });
  if (failed) return <LoadFailed crumbs={[...crumbs, { label: 'Grupy' }]} errors={failed.errors} />;
  if (!rank) return <StatusBanner status="loading" />;
  return (
    <SchemaListScreen
      resource={groups}
      parent={rankId}
      crumbs={[...crumbs, { label: 'Grupy' }]}
      heading={`Grupy rankingu „${rank.name}”`}
      actions={actions}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          render: (row) => (
            <Link to={voivodeships ? entriesPath(rankId, row.id) : valuesPath(rankId, row.id)}>{row.name}</Link>
          ),
        },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable>
      {report && <ImportReport report={report} />}
    </SchemaListScreen>
  );
}

const NAME = ['name']; // the ranking is the screen's (extra)

export function GroupForm() {
  const { rankId, rankGroupId } = useParams();
  const { crumbs } = useParentCrumbs(rankTrail(rankId));
  const editing = Boolean(rankGroupId);
  return (
    <SchemaFormScreen
      resource={groups}
      id={rankGroupId}
      parent={rankId}
      form={NAME}
      extra={{ rank_id: Number(rankId) }}
      crumbs={[...crumbs, { label: editing ? 'Edycja grupy' : 'Dodawanie grupy' }]}
      back={groupsPath(rankId)}
    />
  );
}

export function EntryList() {
  const { rankId, rankGroupId } = useParams();
  const {
    items: [, group],
    crumbs,
  } = useParentCrumbs(rankTrail(rankId, rankGroupId));
  const base = entriesPath(rankId, rankGroupId);
  return (
    <SchemaListScreen
      resource={entries}
      parent={rankGroupId}
      crumbs={[...crumbs, { label: 'Pozycje' }]}
      heading={group ? `Pozycje grupy „${group.name}”` : 'Pozycje'}
      actions={[
        { label: 'Dodaj pozycję', to: `${base}/add` },
        { label: 'Wróć do listy grup', to: groupsPath(rankId), variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          render: (row) => <Link to={entryValuesPath(rankId, rankGroupId, row.id)}>{row.name}</Link>,
        },
        { name: 'hidden', type: 'yesno' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable
    />
  );
}

const ENTRY_FIELDS = ['name', 'hidden']; // the group is the screen's (extra)

export function EntryForm() {
  const { rankId, rankGroupId, rankEntryId } = useParams();
  const { crumbs } = useParentCrumbs(rankTrail(rankId, rankGroupId));
  const editing = Boolean(rankEntryId);
  return (
    <SchemaFormScreen
      resource={entries}
      id={rankEntryId}
      parent={rankGroupId}
      form={ENTRY_FIELDS}
      extra={{ rank_group_id: Number(rankGroupId) }}
      crumbs={[...crumbs, { label: editing ? 'Edycja pozycji' : 'Dodawanie pozycji' }]}
      back={entriesPath(rankId, rankGroupId)}
    />
  );
}
