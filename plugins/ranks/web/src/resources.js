// The rankings' resources, fields and payloads (SPEC 2.6, 3 Rank/Rank group/Rank entry/Rank
// value, 5 Ranking, 7 Rankings).
import { defineResource } from '@smogpanel/kit';

export const LIST = '/rank';
export const ranks = defineResource({ kind: 'rank', base: '/rank' });
export const groups = defineResource({
  kind: 'rank_group',
  base: '/rank_group',
  listUrl: (rankId) => `/rank_group/rank/${rankId}`,
});
export const entries = defineResource({
  kind: 'rank_entry',
  base: '/rank_entry',
  listUrl: (groupId) => `/rank_entry/rank_group/${groupId}`,
});
// SPEC 9: values by place ascending. A gminy group's values by group, a voivodeships entry's by entry.
export const groupValues = defineResource({
  kind: 'rank_value',
  base: '/rank_value',
  listUrl: (groupId) => `/rank_value/rank_group/${groupId}`,
  sort: { order: 'place', asc: true },
});
export const entryValues = defineResource({
  kind: 'rank_entry_value',
  base: '/rank_value',
  listUrl: (entryId) => `/rank_value/rank_entry/${entryId}`,
  sort: { order: 'place', asc: true },
});

export const groupsPath = (rankId) => `${LIST}/${rankId}/group`;
export const valuesPath = (rankId, groupId) => `${groupsPath(rankId)}/${groupId}/value`;
export const entriesPath = (rankId, groupId) => `${groupsPath(rankId)}/${groupId}/entry`;
export const entryValuesPath = (rankId, groupId, entryId) => `${entriesPath(rankId, groupId)}/${entryId}/value`;

/** {code: label} of the ranking types, as the ranking's schema offers them (GET /api/form/rank). */
export const typeLabels = (description) =>
  Object.fromEntries(description.properties.rank_type_name['x-options'].map((o) => [o.value, o.label]));
export const DEFAULT_SUMMARY_TITLE = 'Wszystkie pozycje';

/** The five entries a voivodeships definition import requires (SPEC 5), named as RV_XLS headers. */
export const REQUIRED_ENTRIES = [
  'Łączna liczba wniosków',
  'Liczba wniosków o wymianę kotła',
  'Liczba złożonych wniosków',
  'Liczba podpisanych umów',
  'Kwota wypłaconych dotacji',
];
// The import types a values import takes by the ranking's type (the server's RankValueImport.allowed);
// their labels come from GET /import/.
export const RV_CODES = ['RV_XLS', 'RV_XLS_2025'];
export const RB_CODES = ['RB_XLS'];

/** The ranking form (its schema's fields): which unit fields show (and are required) follows the type. */
export function rankForm({ rank_type_name: type }) {
  return [
    'name',
    'internal_name',
    'rank_type_name',
    'subname',
    { name: 'choose_group_title', placeholder: 'np. Wybierz rok' },
    ...(type === 'gminy' ? [{ name: 'search_value_title', required: true }, 'show_empty'] : []),
    ...(type ? [{ name: 'table_value_title', required: true }] : []),
    'logo_path',
    'legend',
    'show_summary',
    { name: 'summary_title', placeholder: DEFAULT_SUMMARY_TITLE },
    'lock_place_refresh',
  ];
}

/** The ranking's payload (SPEC 7): a unit title the type does not show goes empty. */
export function rankPayload(payload) {
  for (const name of ['search_value_title', 'table_value_title']) if (!(name in payload)) payload[name] = '';
  return payload;
}

/** Value and points go as typed (text), so the server keeps them exact; the place is sent minus 1. */
export function valuePayload(values, { locked }) {
  const payload = { value: String(values.value).trim(), points: String(values.points).trim() };
  payload.place =
    locked && values.place !== '' && values.place !== null && values.place !== undefined
      ? Number(values.place) - 1
      : null;
  return payload;
}

/** The value form's values of a record: the place shown plus 1. */
export const valueFromItem = (item) => ({
  value: String(item.value),
  points: String(item.points),
  place: item.place + 1,
});
