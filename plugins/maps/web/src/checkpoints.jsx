// The measurements of a map: the list (captured descending) with add, import and back, and the
// form drawn from the checkpoint schema, its values by the 'voivodeship_cells' widget (cells.jsx:
// sixteen numeric inputs per property key, named by voivodeship; SPEC 2.3, 5).
import { ImportReport, TEXT, useImportReport } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, useParentCrumbs, useRegionScope } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import './cells.jsx';
import { CRUMB } from './maps.jsx';
import { checkpoints, checkpointsPath, maps, today } from './resources.js';

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

/** The measurement's fields as its schema describes them, the values by the 'voivodeship_cells'
 * widget over the map's `keys`; the date fixed once created (its help the screen's: the view
 * fills in today). What every voivodeship shares (name, source, hidden) is read-only for an
 * account limited to voivodeships (plugins/maps/scope.py). */
const checkpointForm = (keys, scoped) => {
  const shared = scoped ? { disabled: true } : {};
  return (values, { editing }) =>
    [
      { name: 'name', ...shared },
      { name: 'source', ...shared },
      {
        name: 'captured',
        initial: today(),
        help: editing
          ? 'Po utworzeniu nie można zmienić daty.'
          : 'Domyślnie dzisiaj. Po utworzeniu nie można jej zmienić.',
      },
      { name: 'hidden', ...shared },
      // SPEC 9: forms keep 8 of 12 columns; a wider grid scrolls inside them
      { name: 'properties', keys, column: 'col-12 col-lg-8 overflow-x-auto' },
    ].map((field) => ({ column: 'col-12 col-lg-8', ...field }));
};

/** An empty source or date is sent as none (the view fills in today). */
const checkpointPayload = (payload, { editing }) => ({
  ...payload,
  source: payload.source || null,
  ...(editing ? {} : { captured: payload.captured || null }),
});

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
  const scope = useRegionScope();
  return (
    <SchemaFormScreen
      resource={checkpoints}
      id={id}
      parent={mapId}
      crumbs={crumbs}
      waiting={map ? null : waiting}
      back={checkpointsPath(mapId)}
      width={null}
      form={checkpointForm(map ? map.property_keys : [], Boolean(scope))}
      extra={{ map_id: Number(mapId) }}
      toPayload={checkpointPayload}>
      {scope && <ScopeNote scope={scope} />}
    </SchemaFormScreen>
  );
}

export function CheckpointCreate() {
  return <CheckpointScreen label="Dodawanie pomiaru" />;
}

export function CheckpointEdit() {
  const { checkpointId } = useParams();
  return <CheckpointScreen label="Edycja pomiaru" id={checkpointId} />;
}
