// Where a ranking's screens sit (the crumbs under a ranking, a group and an entry) and what
// they show instead of themselves when the ranking is missing or of the other type. Its own
// module: the rankings', groups' and values' screens all use it, none another's.
import { Page, StatusBanner } from '@smogpanel/kit';
import { Link } from 'react-router-dom';
import { LIST, entries, entriesPath, entryValuesPath, groups, groupsPath, ranks, valuesPath } from './resources.js';

export const CRUMB = { label: 'Rankingi', to: LIST };

/**
 * The trail of a screen under a ranking (and a group, and an entry) for the kit's
 * useParentCrumbs: Rankingi > <ranking> [> <group> [> <entry>]]. Its `failed`: the ranking (or
 * group, entry) could not be loaded (a typed id that does not exist), with the server's errors
 * for the error alert (SPEC 8).
 */
export function rankTrail(rankId, groupId, entryId) {
  const trail = [CRUMB, { resource: ranks, id: rankId, fallback: 'Ranking', to: groupsPath(rankId) }];
  if (groupId)
    trail.push({
      resource: groups,
      id: groupId,
      fallback: 'Grupa',
      to: ([rank]) =>
        rank?.rank_type_name === 'voivodeships' ? entriesPath(rankId, groupId) : valuesPath(rankId, groupId),
    });
  if (entryId)
    trail.push({ resource: entries, id: entryId, fallback: 'Pozycja', to: entryValuesPath(rankId, groupId, entryId) });
  return trail;
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
