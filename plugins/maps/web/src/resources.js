// The maps' resources, constants and the map form's payloads (SPEC 2.3, 3 Map/Measurement, 5, 7
// Maps); a measurement's values are the 'voivodeship_cells' widget's (cells.jsx).
import { defineResource, useImportTypes } from '@smogpanel/kit';

export const LIST = '/map';
export const maps = defineResource({ kind: 'map', base: '/map' });
export const checkpoints = defineResource({
  kind: 'checkpoint',
  base: '/checkpoint',
  listUrl: (mapId) => `/checkpoint/map/${mapId}`,
  sort: { order: 'captured', asc: false }, // SPEC 9: measurements by captured, newest first
});

export const checkpointsPath = (mapId) => `${LIST}/${mapId}/checkpoint`;

/** The properties the CP_XLS imports fill: the names the map's keys must carry (SPEC 5), as the
 * server's definition of CP_XLS names its value columns (GET /import/). */
export function useReportProperties() {
  const report = useImportTypes().find((type) => type.code === 'CP_XLS');
  return report ? report.columns.filter((column) => column.kind === 'number').map((column) => column.header) : [];
}

export const DEFAULT_SUMMARY_TITLE = 'Wszystkie pomiary';

/** Today in Poland as YYYY-MM-DD (the default measurement date). */
export function today(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

// -- maps -------------------------------------------------------------------------------------

/** The map form's values of a record (new map: nothing, one empty key row to start from). */
export function mapValues(item) {
  return {
    name: item ? item.name : '',
    internal_name: item ? item.internal_name : '',
    source: item ? item.source || '' : '',
    details: item ? item.details || '' : '',
    show_summary: item ? item.show_summary : 0,
    summary_title: item ? item.summary_title || '' : DEFAULT_SUMMARY_TITLE,
    property_keys: item ? item.property_keys.map((key) => ({ ...key, display_name: key.display_name || '' })) : [],
  };
}

/**
 * POST /map/ or /map/{id}: keys with their id (new ones with a uuid only); the internal name only
 * on create; `remove_keys_with_values` once the operator agreed.
 */
export function mapPayload(values, { editing, removeKeysWithValues }) {
  const payload = {
    name: values.name,
    source: values.source,
    details: values.details || null,
    ...(editing ? summaryFields(values) : {}), // SPEC 7: create does not send the summary fields
    property_keys: values.property_keys.map((key) => ({
      ...(key.id ? { id: key.id } : {}),
      uuid: key.uuid || null,
      name: key.name,
      display_name: key.display_name || null,
      property_type_name: key.property_type_name,
    })),
  };
  if (!editing) payload.internal_name = values.internal_name;
  if (editing && removeKeysWithValues) payload.remove_keys_with_values = 1;
  return payload;
}

const summaryFields = (values) => ({
  show_summary: Number(values.show_summary) ? 1 : 0,
  summary_title: values.summary_title || null,
});

/**
 * After a create (whose payload has no summary fields, SPEC 7): the edit payload that stores the
 * summary the operator chose in the form (keys untouched), or null when it is the default.
 */
export function summaryAfterCreate(values) {
  const fields = summaryFields(values);
  if (!fields.show_summary && (fields.summary_title || DEFAULT_SUMMARY_TITLE) === DEFAULT_SUMMARY_TITLE) return null;
  return { name: values.name, source: values.source, details: values.details || null, ...fields };
}
