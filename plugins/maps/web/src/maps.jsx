// The map list (export, embed, edit, delete, the public view) and the map form with its
// property keys as add/remove rows (SPEC 2.3, 3 Map, 5 Map).
import { StatusBanner, api, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { SchemaListScreen } from '@smogpanel/kit/helpers';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LIST, checkpointsPath, maps } from './resources.js';

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
  const embed = useEmbedAction('map', { noun: 'Mapa', defaultSize: 600 });
  const [exporting, setExporting] = useState(null);
  return (
    <SchemaListScreen
      resource={maps}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj mapę', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        {
          name: 'name',
          render: (row) => (
            <Link to={checkpointsPath(row.id)} title="Pomiary mapy">
              {row.name}
            </Link>
          ),
        },
        publicLinkColumn('map', 'Publiczny widok mapy'),
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[
        { label: 'Pomiary', to: (row) => checkpointsPath(row.id) },
        { label: 'Eksportuj', onClick: (row) => exportMap(row, setExporting) },
        embed.action,
        { label: 'Edytuj', to: (row) => `${LIST}/${row.id}` },
      ]}
      deletable>
      {exporting && <StatusBanner status={exporting.status} errors={exporting.errors} />}
      {embed.dialog}
    </SchemaListScreen>
  );
}
