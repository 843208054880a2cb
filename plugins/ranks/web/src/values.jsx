// Values of a gminy group and of a voivodeships entry (SPEC 2.6): lists by place ascending with
// the place shown plus 1, forms with a searchable gmina select (or a voivodeship select) and the
// place only when the ranking's places are locked, and the import. Edit forms render only once
// both the value and its ranking have loaded (SPEC 2.1).
import {
  FormScreen,
  ImportScreen,
  StatusBanner,
  TEXT,
  api,
  importFileField,
  importTypeField,
  useImportReport,
  useItem,
} from '@smogpanel/kit';
import {
  GMINA_COLUMNS,
  SchemaListScreen,
  schemaFields,
  useFormDescription,
  useParentCrumbs,
} from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { ImportReport, ImportWarning } from './importing.jsx';
import {
  RB_CODES,
  RV_CODES,
  entryValues,
  entryValuesPath,
  groupValues,
  ranks,
  valueFromItem,
  valuePayload,
  valuesPath,
} from './resources.js';
import { LoadFailed, WrongType, rankTrail } from './trail.jsx';

// Headed by the value's schema (schemaColumns)
const NUMBERS = [
  { name: 'value', type: 'number' },
  { name: 'points', type: 'number' },
  { name: 'place', type: 'ordinal' },
  { name: 'updated', label: 'Aktualizacja', type: 'updated' },
];

/** Where the screen is: a gminy group's values or a voivodeships entry's. */
function useScope() {
  const { rankId, rankGroupId, rankEntryId } = useParams();
  const byEntry = Boolean(rankEntryId);
  return {
    rankId,
    rankGroupId,
    rankEntryId,
    byEntry,
    resource: byEntry ? entryValues : groupValues,
    parent: byEntry ? rankEntryId : rankGroupId,
    base: byEntry ? entryValuesPath(rankId, rankGroupId, rankEntryId) : valuesPath(rankId, rankGroupId),
  };
}

/**
 * The crumbs of a value screen (with the entry's name under a voivodeships entry), and what to
 * show instead of the screen: the error alert when the ranking, group or entry is missing, or
 * when the URL is of the other ranking type (a typed URL never opens a form of the other type).
 */
function useValueScreen(scope, last) {
  const {
    items: [rank, group, entry],
    crumbs,
    failed,
  } = useParentCrumbs(rankTrail(scope.rankId, scope.rankGroupId, scope.rankEntryId));
  const all = [...crumbs, { label: last }];
  let instead = null;
  if (failed) instead = <LoadFailed crumbs={all} errors={failed.errors} />;
  else if (
    rank &&
    String(rank.id) === String(scope.rankId) &&
    (rank.rank_type_name === 'voivodeships') !== scope.byEntry
  ) {
    instead = <WrongType crumbs={all} rank={rank} />;
  }
  return { rank, group, entry, crumbs: all, instead };
}

export function ValueList() {
  const scope = useScope();
  const { group, entry, crumbs, instead } = useValueScreen(scope, 'Wartości');
  const report = useImportReport();
  const where = scope.byEntry ? GMINA_COLUMNS.slice(-1) : GMINA_COLUMNS;
  const back = scope.byEntry
    ? { label: 'Wróć do listy pozycji', to: `/rank/${scope.rankId}/group/${scope.rankGroupId}/entry` }
    : { label: 'Wróć do listy grup', to: `/rank/${scope.rankId}/group` };
  if (instead) return instead;
  const owner = scope.byEntry ? entry && `Wartości pozycji „${entry.name}”` : group && `Wartości grupy „${group.name}”`;
  return (
    <SchemaListScreen
      resource={scope.resource}
      parent={scope.parent}
      crumbs={crumbs}
      heading={owner || 'Wartości'}
      actions={[
        { label: 'Dodaj wartość', to: `${scope.base}/add` },
        { label: 'Importuj wartości', to: `${scope.base}/import` },
        { ...back, variant: 'btn-outline-secondary' },
      ]}
      kind="rank_value"
      columns={[{ name: 'id', label: 'ID' }, ...where, ...NUMBERS]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${scope.base}/${row.id}` }]}
      gminaFilters={!scope.byEntry}
      deletable>
      {report && <ImportReport report={report} />}
    </SchemaListScreen>
  );
}

/** Where the value is (the gmina or voivodeship: the kit's widgets the schema names, chosen when
 * creating, shown when editing), then its numbers; the place only when the places are locked. */
const valueForm = (scope, rank) => [
  { name: scope.byEntry ? 'voivodeship_id' : 'borough_id', required: true },
  { name: 'value', required: true },
  { name: 'points', required: true },
  ...(rank.lock_place_refresh ? [{ name: 'place', required: true }] : []),
];

/** The fields from the value's schema; the value's label names the ranking's column. */
const valueFields = (description, scope, rank) =>
  schemaFields(description, valueForm(scope, rank)).map((field) =>
    field.name === 'value' && rank.table_value_title
      ? { ...field, label: `${field.label} (${rank.table_value_title})` }
      : field,
  );

const EMPTY = { value: '', points: '', place: '', borough_id: '', voivodeship_id: '' };

/** The ranking of the screen, loaded with the value (an edit form waits for both). */
function useRank(rankId) {
  const { item: rank } = useItem(ranks, rankId);
  return rank && String(rank.id) === String(rankId) ? rank : null;
}

function ValueScreen({ label, id }) {
  const scope = useScope();
  const { crumbs, instead } = useValueScreen(scope, label);
  const rank = useRank(scope.rankId);
  const { description } = useFormDescription('rank_value');
  if (instead) return instead;
  function toPayload(values, { editing }) {
    const payload = valuePayload(values, { locked: Boolean(rank.lock_place_refresh) });
    if (editing) return payload;
    const target = scope.byEntry
      ? { rank_entry_id: Number(scope.rankEntryId), voivodeship_id: Number(values.voivodeship_id) }
      : { rank_group_id: Number(scope.rankGroupId), borough_id: Number(values.borough_id) };
    return { ...payload, ...target };
  }
  return (
    <FormScreen
      resource={scope.resource}
      id={id}
      parent={scope.parent}
      crumbs={crumbs}
      back={scope.base}
      waiting={rank && description ? null : <StatusBanner status="loading" />}
      fields={rank && description && valueFields(description, scope, rank)}
      valuesOf={(item) => (item ? valueFromItem(item) : EMPTY)}
      toPayload={toPayload}
    />
  );
}

export function ValueCreate() {
  return <ValueScreen label="Dodawanie wartości" />;
}

export function ValueEdit() {
  const { rankValueId } = useParams();
  return <ValueScreen label="Edycja wartości" id={rankValueId} />;
}

export function ValueImport() {
  const scope = useScope();
  const { crumbs, instead } = useValueScreen(scope, 'Import wartości');
  function send(values) {
    const target = scope.byEntry
      ? { rank_entry_id: Number(scope.rankEntryId) }
      : { rank_group_id: Number(scope.rankGroupId) };
    return scope.resource.run('import', () => api.post('/rank_value/import', { ...values, ...target }), scope.parent);
  }
  if (instead) return instead;
  return (
    <ImportScreen
      crumbs={crumbs}
      fields={[importTypeField('/rank_value/import', scope.byEntry ? RV_CODES : RB_CODES), importFileField()]}
      initial={{ type: scope.byEntry ? RV_CODES[0] : RB_CODES[0], file: null }}
      note={(values) => <ImportWarning type={values.type} />}
      send={send}
      back={scope.base}
    />
  );
}
