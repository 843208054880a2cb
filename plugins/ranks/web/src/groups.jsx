// Groups of a ranking and entries of a voivodeships group (SPEC 2.6): lists, name-only forms.
import { FormScreen, ListScreen, Page, StatusBanner, TEXT, useImportReport, useItem } from '@smogpanel/kit';
import { Link, useParams } from 'react-router-dom';
import { ImportReport } from './importing.jsx';
import { CRUMB } from './ranks.jsx';
import { LIST, entries, entriesPath, entryValuesPath, groups, groupsPath, ranks, valuesPath } from './resources.js';

/**
 * Breadcrumbs under a ranking (and a group, and an entry): Rankingi > <ranking> > Grupy
 * [> <group> [> <entry>] > ...]. `failed`: the ranking (or group, entry) could not be loaded
 * (a typed id that does not exist), with the server's errors for the error alert (SPEC 8).
 */
export function useRankCrumbs(rankId, groupId, entryId) {
  const rankState = useItem(ranks, rankId);
  const groupState = useItem(groups, groupId);
  const entryState = useItem(entries, entryId);
  const { item: rank } = rankState;
  const { item: group } = groupState;
  const { item: entry } = entryState;
  const crumbs = [CRUMB, { label: rank ? rank.name : 'Ranking', to: groupsPath(rankId) }];
  if (groupId)
    crumbs.push({
      label: group ? group.name : 'Grupa',
      to: rank?.rank_type_name === 'voivodeships' ? entriesPath(rankId, groupId) : valuesPath(rankId, groupId),
    });
  if (entryId) crumbs.push({ label: entry ? entry.name : 'Pozycja', to: entryValuesPath(rankId, groupId, entryId) });
  const failedState = [rankState, groupId && groupState, entryId && entryState].find((state) => state && state.error);
  const failed = failedState ? { errors: failedState.errors } : null;
  return { rank, group, entry, crumbs, failed };
}

/** The error alert of a screen whose ranking (group, entry) is missing, instead of waiting. */
export function LoadFailed({ crumbs, errors }) {
  return (
    <Page crumbs={crumbs}>
      <StatusBanner status="error" errors={errors} />
      <Link className="btn btn-sm btn-outline-secondary" to={LIST}>
        Wróć do listy rankingów
      </Link>
    </Page>
  );
}

/**
 * A screen reached by a typed URL that does not fit the ranking's type (an entry's values in a
 * gminy ranking, a group's values or the definition import in a voivodeships one): the error
 * alert naming what fits, never a form of the other type.
 */
export function WrongType({ crumbs, rank }) {
  const description =
    rank.rank_type_name === 'voivodeships'
      ? 'To ranking województw: wartości dodaje się i importuje w pozycjach grupy.'
      : 'To ranking gmin: nie ma pozycji ani importu definicji, wartości dodaje się i importuje w grupie.';
  return (
    <Page crumbs={crumbs}>
      <StatusBanner status="error" errors={[{ name: 'rank_type_name', description }]} />
      <Link className="btn btn-sm btn-outline-secondary" to={groupsPath(rank.id)}>
        Wróć do listy grup
      </Link>
    </Page>
  );
}

export function GroupList() {
  const { rankId } = useParams();
  const { rank, crumbs, failed } = useRankCrumbs(rankId);
  const report = useImportReport();
  const base = groupsPath(rankId);
  const voivodeships = rank?.rank_type_name === 'voivodeships';
  const actions = [{ label: 'Dodaj grupę', to: `${base}/add` }];
  if (voivodeships) actions.push({ label: 'Importuj definicję', to: `/rank/${rankId}/import` });
  actions.push({ label: 'Wróć do listy rankingów', to: '/rank', variant: 'btn-outline-secondary' });
  if (failed) return <LoadFailed crumbs={[...crumbs, { label: 'Grupy' }]} errors={failed.errors} />;
  if (!rank) return <StatusBanner status="loading" />;
  return (
    <ListScreen
      resource={groups}
      parent={rankId}
      crumbs={[...crumbs, { label: 'Grupy' }]}
      heading={`Grupy rankingu „${rank.name}”`}
      actions={actions}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          label: 'Nazwa',
          render: (row) => (
            <Link to={voivodeships ? entriesPath(rankId, row.id) : valuesPath(rankId, row.id)}>{row.name}</Link>
          ),
        },
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
    <FormScreen
      resource={groups}
      id={rankGroupId}
      parent={rankId}
      fields={NAME}
      extra={{ rank_id: Number(rankId) }}
      crumbs={[...crumbs, { label: editing ? 'Edycja grupy' : 'Dodawanie grupy' }]}
      back={groupsPath(rankId)}
    />
  );
}

export function EntryList() {
  const { rankId, rankGroupId } = useParams();
  const { group, crumbs } = useRankCrumbs(rankId, rankGroupId);
  const base = entriesPath(rankId, rankGroupId);
  return (
    <ListScreen
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
          label: 'Nazwa',
          render: (row) => <Link to={entryValuesPath(rankId, rankGroupId, row.id)}>{row.name}</Link>,
        },
        { name: 'hidden', label: 'Ukryta', type: 'yesno' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable
    />
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
    <FormScreen
      resource={entries}
      id={rankEntryId}
      parent={rankGroupId}
      fields={ENTRY_FIELDS}
      extra={{ rank_group_id: Number(rankGroupId) }}
      crumbs={[...crumbs, { label: editing ? 'Edycja pozycji' : 'Dodawanie pozycji' }]}
      back={entriesPath(rankId, rankGroupId)}
    />
  );
}
