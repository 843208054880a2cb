// The map list (export, embed, edit, delete, the public view) and the map form with its
// property keys as add/remove rows (SPEC 2.3, 3 Map, 5 Map).
import { EmbedFrameDialog, ListScreen, StatusBanner, api } from '@smogpanel/kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LIST, checkpointsPath, maps, publicPath } from './resources.js';

export const CRUMB = { label: 'Mapy', to: LIST };

/** Where the browser goes (replaced in unit tests: jsdom cannot navigate). */
export const browser = { open: (url) => window.location.assign(url) };

/** Export: GET /map/{id}/export answers with the workbook's URL, which the browser then opens (SPEC 4). */
async function exportMap(row, setExporting) {
  setExporting({ status: 'loading', errors: [] });
  const result = await maps.run('export', () => api.get(`/map/${row.id}/export`));
  if (!result.ok) {
    setExporting({ status: 'error', errors: result.error.errors });
    return;
  }
  setExporting({ status: 'success', errors: [] });
  browser.open(result.payload);
}

export function MapList() {
  const [embedding, setEmbedding] = useState(null);
  const [shown, setShown] = useState(false);
  const [exporting, setExporting] = useState(null);
  return (
    <ListScreen resource={maps} crumbs={[CRUMB]} actions={[{ label: 'Dodaj mapę', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa', render: (row) => <Link to={checkpointsPath(row.id)} title="Pomiary mapy">{row.name}</Link> },
        {
          name: 'internal_name', label: 'Nazwa wewnętrzna',
          render: (row) => (
            <a href={publicPath(row.internal_name)} target="_blank" rel="noopener noreferrer" title="Publiczny widok mapy">
              {row.internal_name}
            </a>
          ),
        },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[
        { label: 'Pomiary', to: (row) => checkpointsPath(row.id) },
        { label: 'Eksportuj', onClick: (row) => exportMap(row, setExporting) },
        { label: 'Osadź', onClick: (row) => { setEmbedding(row); setShown(true); } },
        { label: 'Edytuj', to: (row) => `${LIST}/${row.id}` },
      ]}
      deletable>
      {exporting && <StatusBanner status={exporting.status} errors={exporting.errors} />}
      {embedding && (
        <EmbedFrameDialog show={shown} onHide={() => setShown(false)} path={`${publicPath(embedding.internal_name)}/embed`}
          frameTitle={`Mapa: ${embedding.name}`} title={`Kod do osadzenia: ${embedding.name}`} defaultSize={600} />
      )}
    </ListScreen>
  );
}
