// The measurements of a map: the list (captured descending) with add, import and back, and the
// form with sixteen numeric inputs per property key, named by voivodeship (SPEC 2.3, 5).
import { Field, FormScreen, ImportReport, StatusBanner, TEXT, useImportReport } from '@smogpanel/kit';
import {
  SchemaListScreen,
  schemaFields,
  useFormDescription,
  useParentCrumbs,
  useRegionScope,
} from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { CRUMB } from './maps.jsx';
import {
  VOIVODESHIPS,
  cellName,
  checkpointPayload,
  checkpointValues,
  checkpoints,
  checkpointsPath,
  maps,
} from './resources.js';

/** The trail of a screen under a map (useParentCrumbs): Mapy > <map name> > Pomiary. */
export const mapTrail = (mapId) => [
  CRUMB,
  { resource: maps, id: mapId, fallback: 'Mapa', to: `/map/${mapId}` },
  { label: 'Pomiary', to: checkpointsPath(mapId) },
];

export function CheckpointList() {
  const { mapId } = useParams();
  const {
    items: [map],
    crumbs,
  } = useParentCrumbs(mapTrail(mapId));
  const report = useImportReport();
  const base = checkpointsPath(mapId);
  return (
    <SchemaListScreen
      resource={checkpoints}
      parent={mapId}
      crumbs={crumbs}
      heading={map ? `Pomiary mapy „${map.name}”` : 'Pomiary'}
      actions={[
        { label: 'Dodaj pomiar', to: `${base}/add` },
        { label: 'Importuj pomiar', to: `${base}/import` },
        { label: 'Wróć do listy map', to: '/map', variant: 'btn-outline-secondary' },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
        { name: 'hidden', type: 'yesno' },
        { name: 'captured', render: (row) => row.captured },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: TEXT.edit, to: (row) => `${base}/${row.id}` }]}
      deletable>
      {report && (
        <ImportReport
          summary={`Zaimportowano pomiar „${report.name}” (właściwości z wartościami: ${report.properties}).`}
          skipped={report.skipped}
          skippedHeading="Pominięto:"
        />
      )}
    </SchemaListScreen>
  );
}

// The measurement's own fields (its schema's); the date's help is the screen's (the view fills in today).
const FORM = [
  'name',
  'source',
  { name: 'captured', help: 'Domyślnie dzisiaj. Po utworzeniu nie można jej zmienić.' },
  'hidden',
];

// What every voivodeship shares: a voivodeship-scoped editor may not change them (plugins/maps/scope.py).
const SHARED = new Set(['name', 'source', 'hidden']);

/** Sixteen inputs of one property key, labelled with the voivodeships' names; those of
 * voivodeships outside `editable` (a set of codes; null: all) read-only. */
function KeyValues({ mapKey, values, set, editable, typeLabels }) {
  const label =
    mapKey.display_name && mapKey.display_name !== mapKey.name
      ? `${mapKey.name} (${mapKey.display_name})`
      : mapKey.name;
  return (
    <fieldset className="border rounded px-3 pt-2 mb-3">
      <legend className="fs-6 float-none w-auto px-1 mb-0">
        {label} <span className="text-muted small">– {typeLabels[mapKey.property_type_name]}</span>
      </legend>
      <div className="row row-cols-2 row-cols-md-4 g-2">
        {VOIVODESHIPS.map(({ code, name }) => (
          <div key={code} className="col">
            <Field
              field={{
                name: cellName(mapKey.id, code),
                label: name,
                type: 'number',
                step: 'any',
                disabled: Boolean(editable) && !editable.has(code),
              }}
              value={values[cellName(mapKey.id, code)]}
              onChange={set(cellName(mapKey.id, code))}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The measurement's fields (the date fixed once created; the shared ones too for an account
 * limited to `editable`, a set of codes), then the values of every key. */
const checkpointFields =
  (keys, editable, { checkpoint, map }) =>
  (values, { editing }) => [
    ...schemaFields(checkpoint, FORM).map((field) => ({
      ...(editing && field.name === 'captured'
        ? { ...field, disabled: true, help: 'Po utworzeniu nie można zmienić daty.' }
        : field),
      ...(editable && SHARED.has(field.name) ? { disabled: true } : {}),
      column: 'col-12 col-lg-8',
    })),
    {
      // SPEC 9: forms keep 8 of 12 columns; a wider grid scrolls inside them
      column: 'col-12 col-lg-8 overflow-x-auto',
      render: ({ set }) => (
        <>
          <h2 className="h5 mt-4">Wartości według województw</h2>
          <p className="form-text">Właściwości bez żadnej wartości nie zostaną zapisane w pomiarze.</p>
          {keys.length ? (
            keys.map((key) => (
              <KeyValues
                key={key.id}
                mapKey={key}
                values={values}
                set={set}
                editable={editable}
                typeLabels={typeLabelsOf(map)}
              />
            ))
          ) : (
            <p className="text-muted">Mapa nie ma właściwości. Dodaj je w edycji mapy.</p>
          )}
        </>
      ),
    },
  ];

/** {code: label} of the map's property types, as the map's schema offers them. */
const typeLabelsOf = (map) =>
  Object.fromEntries(
    map.properties.property_keys.items.properties.property_type_name['x-options'].map((o) => [o.value, o.label]),
  );

/** Above the form of an account limited to some voivodeships: what it may change. */
function ScopeNote({ scope }) {
  const names = scope.map((voivodeship) => voivodeship.name).filter(Boolean);
  return (
    <p className="alert alert-info">
      {names.length
        ? `Twoje konto zmienia tylko wartości województw: ${names.join(', ')}. Pozostałe pola są tylko do odczytu.`
        : 'Twoje konto zmienia tylko wartości wybranych województw. Pozostałe pola są tylko do odczytu.'}
    </p>
  );
}

function CheckpointScreen({ label, id }) {
  const { mapId } = useParams();
  const {
    items: [map],
    waiting,
    crumbs,
  } = useParentCrumbs(mapTrail(mapId), label);
  const keys = map ? map.property_keys : [];
  const scope = useRegionScope();
  const editable = scope && new Set(scope.map((voivodeship) => voivodeship.code).filter(Boolean));
  const checkpoint = useFormDescription('checkpoint').description;
  const mapForm = useFormDescription('map').description;
  const described = checkpoint && mapForm ? { checkpoint, map: mapForm } : null;
  return (
    <FormScreen
      resource={checkpoints}
      id={id}
      parent={mapId}
      crumbs={crumbs}
      waiting={(map && described ? null : waiting) || (!described && <StatusBanner status="loading" />)}
      back={checkpointsPath(mapId)}
      width={null}
      fields={described && checkpointFields(keys, editable, described)}
      valuesOf={(item) => checkpointValues(keys, item)}
      toPayload={(values, { editing }) => checkpointPayload(keys, values, { editing, mapId })}>
      {scope && <ScopeNote scope={scope} />}
    </FormScreen>
  );
}

export function CheckpointCreate() {
  return <CheckpointScreen label="Dodawanie pomiaru" />;
}

export function CheckpointEdit() {
  const { checkpointId } = useParams();
  return <CheckpointScreen label="Edycja pomiaru" id={checkpointId} />;
}
