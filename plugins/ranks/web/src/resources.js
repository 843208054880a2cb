// The rankings' resources, fields and payloads (SPEC 2.6, 3 Rank/Rank group/Rank entry/Rank
// value, 5 Ranking, 7 Rankings).
import { defineResource, payloadOf } from '@smogpanel/kit';
import { internalNameField } from '@smogpanel/kit/helpers';

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

export const TYPES = [
  { value: 'gminy', label: 'gminy' },
  { value: 'voivodeships', label: 'województwa' },
];
export const TYPE_LABEL = Object.fromEntries(TYPES.map((type) => [type.value, type.label]));
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

/** The ranking form's fields: which unit fields show (and are required) follows the type. */
export function rankFields(type) {
  const fields = [
    { name: 'name', label: 'Nazwa', required: true },
    internalNameField({ of: 'rankingu' }),
    {
      name: 'rank_type_name',
      label: 'Typ rankingu',
      type: 'select',
      required: true,
      createOnly: true,
      options: TYPES,
      help: 'Po utworzeniu nie można go zmienić.',
    },
    { name: 'subname', label: 'Podtytuł' },
    { name: 'choose_group_title', label: 'Tytuł wyboru grupy', placeholder: 'np. Wybierz rok' },
  ];
  if (type === 'gminy') {
    fields.push({ name: 'search_value_title', label: 'Jednostka wyszukiwania', required: true });
    fields.push({ name: 'show_empty', label: 'Pokaż gminy bez wartości', type: 'checkbox', initial: 0 });
  }
  if (type) fields.push({ name: 'table_value_title', label: 'Jednostka w tabeli', required: true });
  fields.push(
    {
      name: 'logo_path',
      label: 'Logo partnera',
      type: 'file',
      accept: 'image/png,image/jpeg,image/gif,image/webp',
      initial: null,
    },
    { name: 'legend', label: 'Legenda', type: 'textarea' },
    { name: 'show_summary', label: 'Pokaż podsumowanie', type: 'checkbox', initial: 0 },
    {
      name: 'summary_title',
      label: 'Tytuł podsumowania',
      placeholder: DEFAULT_SUMMARY_TITLE,
      help: '%FIRST_ENTRY% i %LAST_ENTRY% zostaną zastąpione nazwami pierwszej i ostatniej grupy.',
    },
    {
      name: 'lock_place_refresh',
      label: 'Zablokuj przeliczanie miejsc (miejsca wpisywane ręcznie)',
      type: 'checkbox',
      initial: 0,
    },
  );
  return fields;
}

/** The ranking's payload (SPEC 7): the edit payload omits internal_name and rank_type_name. */
export function rankPayload(values, { editing }) {
  const payload = payloadOf(rankFields(values.rank_type_name), values, editing);
  for (const name of ['search_value_title', 'table_value_title']) if (!(name in payload)) payload[name] = '';
  return { ...payload, logo_path: payload.logo_path || null };
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
