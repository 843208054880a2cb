import { SchemaFormScreen, SchemaListScreen, useParentCrumbs } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { boroughsOf as listOf, districtsOf, hierarchyTrail } from './crumbs.js';
import { allBoroughs, boroughs, columns } from './resources.js';

const NAME = ['name']; // the parent is the screen's (extra), not a field

export function BoroughList() {
  const params = useParams();
  const list = listOf(params.voivodeshipId, params.districtId);
  const crumbs = useParentCrumbs(hierarchyTrail(params)).crumbs;
  return (
    <SchemaListScreen
      resource={boroughs}
      parent={params.districtId}
      crumbs={crumbs}
      actions={[
        { label: 'Dodaj gminę', to: `${list}/add` },
        { label: 'Powrót do powiatów', to: districtsOf(params.voivodeshipId), variant: 'btn-outline-secondary' },
      ]}
      columns={columns()}
      rowLinks={[{ label: 'Edytuj', to: (row) => `${list}/${row.id}` }]}
      searchHelp="nazwa gminy, kod TERYT"
      deletable
    />
  );
}

/** Every gmina of the hierarchy, searched by its name, district, voivodeship and TERYT code. */
export function AllBoroughsList() {
  return (
    <SchemaListScreen
      resource={allBoroughs}
      crumbs={[{ label: 'Województwa', to: '/voivodeship' }, { label: 'Wszystkie gminy' }]}
      actions={[{ label: 'Powrót do województw', to: '/voivodeship', variant: 'btn-outline-secondary' }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
        { name: 'district_name', label: 'Powiat', sortable: false },
        { name: 'voivodeship_name', label: 'Województwo', sortable: false },
        { name: 'teryt', label: 'Kod TERYT', render: (row) => row.teryt || '—' },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[{ label: 'Edytuj', to: (row) => `${listOf(row.voivodeship_id, row.district_id)}/${row.id}` }]}
      searchHelp="nazwa gminy, powiat, województwo, kod TERYT"
      deletable
    />
  );
}

export function BoroughCreate() {
  const params = useParams();
  const crumbs = useParentCrumbs(hierarchyTrail(params), 'Dodawanie gminy').crumbs;
  return (
    <SchemaFormScreen
      resource={boroughs}
      parent={params.districtId}
      crumbs={crumbs}
      form={NAME}
      extra={{ district_id: Number(params.districtId) }}
      back={listOf(params.voivodeshipId, params.districtId)}
    />
  );
}

export function BoroughEdit() {
  const params = useParams();
  const crumbs = useParentCrumbs(hierarchyTrail(params), 'Edycja gminy').crumbs;
  return (
    <SchemaFormScreen
      resource={boroughs}
      id={params.boroughId}
      parent={params.districtId}
      crumbs={crumbs}
      form={NAME}
      back={listOf(params.voivodeshipId, params.districtId)}
    />
  );
}
