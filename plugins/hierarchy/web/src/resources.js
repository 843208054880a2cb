// The hierarchy's resources: voivodeship > district > borough (SPEC 2.5 and 7).
import { defineResource } from '@smogpanel/kit';

export const voivodeships = defineResource({ kind: 'voivodeship', base: '/voivodeship' });

export const districts = defineResource({
  kind: 'district',
  base: '/district',
  listUrl: (voivodeshipId) => `/district/voivodeship/${voivodeshipId}`,
});

// Without a district: every borough (GET /borough/, the server sorts it by name).
export const boroughs = defineResource({
  kind: 'borough',
  base: '/borough',
  listUrl: (districtId) => (districtId ? `/borough/district/${districtId}` : '/borough/'),
});

// Every gmina, by name (GET /borough/): the 'Wszystkie gminy' screen.
export const allBoroughs = defineResource({ kind: 'borough', base: '/borough', sort: { order: 'name', asc: true } });

/** id, name (optionally a link to the children), updated: the columns of every hierarchy list. */
export const columns = (nameCell) => [
  { name: 'id', label: 'ID' },
  { name: 'name', render: nameCell },
  { name: 'teryt', label: 'Kod TERYT', render: (row) => row.teryt || '—' },
  { name: 'updated', label: 'Aktualizacja', type: 'updated' },
];
