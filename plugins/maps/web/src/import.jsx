// Import of one measurement from a Clean Air report (CP_XLS, CP_XLS_2025): the warning of
// SPEC 5, the template link, and on success the list with what was skipped.
import { ImportScreen, StatusBanner, TemplateLink, api, importFileField, importTypeField } from '@smogpanel/kit';
import { schemaFields, useFormDescription, useParentCrumbs } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { mapTrail } from './checkpoints.jsx';
import { checkpoints, checkpointsPath, today, useReportProperties } from './resources.js';

/** The measurement's fields as its schema describes them (GET /api/form/checkpoint), then the import's. */
const fieldsOf = (checkpoint) => [
  ...schemaFields(checkpoint, ['name', 'source', { name: 'captured', help: 'Domyślnie dzisiaj.' }]),
  importTypeField('/checkpoint/import'),
  importFileField(),
];

export function Warning({ type }) {
  const properties = useReportProperties();
  return (
    <div className="alert alert-warning" role="note">
      <p className="mb-1">
        Mapa musi mieć zdefiniowane właściwości: liczba złożonych wniosków, liczba podpisanych umów, kwota wypłaconych
        dotacji, kotły na biomasę, kotły węglowe, węzły cieplne, ogrzewanie elektryczne, kotły olejowe, kotły gazowe,
        pompy ciepła powietrzne, pompy ciepła gruntowe lub wodne. Brakujące zostaną pominięte. Dodatkowe pola mapy
        należy uzupełnić w edycji pomiaru.
      </p>
      {properties.length > 0 && (
        <p className="mb-1 small">Nazwy właściwości mapy: {properties.map((name) => `„${name}”`).join(', ')}.</p>
      )}
      <TemplateLink type={type || 'CP_XLS'} />
    </div>
  );
}

export function CheckpointImport() {
  const { mapId } = useParams();
  const { crumbs } = useParentCrumbs(mapTrail(mapId), 'Import pomiaru');
  const checkpoint = useFormDescription('checkpoint').description;
  function send(values) {
    const payload = {
      ...values,
      source: values.source || null,
      captured: values.captured || null,
      map_id: Number(mapId),
    };
    return checkpoints.run('import', () => api.post('/checkpoint/import', payload), mapId);
  }
  return (
    <ImportScreen
      crumbs={crumbs}
      fields={checkpoint ? fieldsOf(checkpoint) : []}
      waiting={!checkpoint && <StatusBanner status="loading" />}
      initial={() => ({ name: '', source: '', captured: today(), type: '', file: null })}
      note={(values) => <Warning type={values.type} />}
      send={send}
      back={checkpointsPath(mapId)}
      report={(values, answer) => ({ name: values.name, skipped: answer.skipped || [], properties: answer.properties })}
    />
  );
}
