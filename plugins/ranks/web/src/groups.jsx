// Groups of a ranking and entries of a voivodeships group (SPEC 2.6): lists, name-only forms.
import { FormScreen, ListScreen, StatusBanner, TEXT, useItem } from '@smogpanel/kit';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ImportReport } from './importing.jsx';
import { CRUMB } from './ranks.jsx';
import { entries, entriesPath, entryValuesPath, groups, groupsPath, ranks, valuesPath } from './resources.js';

/** Breadcrumbs under a ranking (and a group): Rankingi > <ranking> > Grupy [> <group> > ...]. */
export function useRankCrumbs(rankId, groupId) {
  const rank = useItem(ranks, rankId).item;
  const group = useItem(groups, groupId).item;
  const crumbs = [CRUMB, { label: rank ? rank.name : 'Ranking', to: groupsPath(rankId) }];
  if (groupId) crumbs.push({ label: group ? group.name : 'Grupa', to: rank?.rank_type_name === 'voivodeships' ? entriesPath(rankId, groupId) : valuesPath(rankId, groupId) });
  return { rank, group, crumbs };
}

export function GroupList() {
  const { rankId } = useParams();
  const { rank, crumbs } = useRankCrumbs(rankId);
  const report = useLocation().state?.imported;
  const base = groupsPath(rankId);
  const voivodeships = rank?.rank_type_name === 'voivodeships';
  const actions = [{ label: 'Dodaj grupę', to: `${base}/add` }];
  if (voivodeships) actions.push({ label: 'Importuj definicję', to: `/rank/${rankId}/import` });
  actions.push({ label: 'Wróć do listy rankingów', to: '/rank', variant: 'btn-outline-secondary' });
  if (!rank) return <StatusBanner status="loading" />;
  return (
    <ListScreen resource={groups} parent={rankId} crumbs={[...crumbs, { label: 'Grupy' }]} heading={`Grupy rankingu „${rank.name}”`}
      actions={actions}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa', render: (row) => (
          <Link to={voivodeships ? entriesPath(rankId, row.id) : valuesPath(rankId, row.id)}>{row.name}</Link>) },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable>
      {report && <ImportReport report={report} />}
    </ListScreen>
  );
}

const NAME = [{ name: 'name', label: 'Nazwa', required: true }];

export function GroupForm() {
  const { rankId, rankGroupId } = useParams();
  const { crumbs } = useRankCrumbs(rankId);
  const editing = Boolean(rankGroupId);
  return (
    <FormScreen resource={groups} id={rankGroupId} parent={rankId} fields={NAME} extra={{ rank_id: Number(rankId) }}
      crumbs={[...crumbs, { label: editing ? 'Edycja grupy' : 'Dodawanie grupy' }]} back={groupsPath(rankId)} />
  );
}

export function EntryList() {
  const { rankId, rankGroupId } = useParams();
  const { group, crumbs } = useRankCrumbs(rankId, rankGroupId);
  const base = entriesPath(rankId, rankGroupId);
  return (
    <ListScreen resource={entries} parent={rankGroupId} crumbs={[...crumbs, { label: 'Pozycje' }]}
      heading={group ? `Pozycje grupy „${group.name}”` : 'Pozycje'}
      actions={[
        { label: 'Dodaj pozycję', to: `${base}/add` },
        { label: 'Wróć do listy grup', to: groupsPath(rankId), variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa', render: (row) => <Link to={entryValuesPath(rankId, rankGroupId, row.id)}>{row.name}</Link> },
        { name: 'hidden', label: 'Ukryta', type: 'yesno' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable />
  );
}

const ENTRY_FIELDS = [
  { name: 'name', label: 'Nazwa', required: true },
  { name: 'hidden', label: 'Ukryta (niewidoczna w publicznym rankingu)', type: 'checkbox', initial: 0 },
];

export function EntryForm() {
  const { rankId, rankGroupId, rankEntryId } = useParams();
  const { crumbs } = useRankCrumbs(rankId, rankGroupId);
  const editing = Boolean(rankEntryId);
  return (
    <FormScreen resource={entries} id={rankEntryId} parent={rankGroupId} fields={ENTRY_FIELDS}
      extra={{ rank_group_id: Number(rankGroupId) }}
      crumbs={[...crumbs, { label: editing ? 'Edycja pozycji' : 'Dodawanie pozycji' }]} back={entriesPath(rankId, rankGroupId)} />
  );
}
