import { FormScreen, ListScreen } from '@smogpanel/kit';
import { useParams } from 'react-router-dom';
import { boroughs, columns, nameField } from './resources.js';

const districtsOf = (voivodeshipId) => `/voivodeship/${voivodeshipId}/district`;
const listOf = (voivodeshipId, districtId) => `${districtsOf(voivodeshipId)}/${districtId}/borough`;
const crumbs = ({ voivodeshipId, districtId }, ...more) => [
  { label: 'Województwa', to: '/voivodeship' },
  { label: 'Powiaty', to: districtsOf(voivodeshipId) },
  { label: 'Gminy', to: listOf(voivodeshipId, districtId) },
  ...more,
];

export function BoroughList() {
  const params = useParams();
  const list = listOf(params.voivodeshipId, params.districtId);
  return (
    <ListScreen resource={boroughs} parent={params.districtId} crumbs={crumbs(params)}
      actions={[{ label: 'Dodaj gminę', to: `${list}/add` },
        { label: 'Powrót do powiatów', to: districtsOf(params.voivodeshipId), variant: 'btn-outline-secondary' }]}
      columns={columns()} rowLinks={[{ label: 'Edytuj', to: (row) => `${list}/${row.id}` }]} deletable />
  );
}

export function BoroughCreate() {
  const params = useParams();
  return (
    <FormScreen resource={boroughs} parent={params.districtId} crumbs={crumbs(params, { label: 'Dodawanie gminy' })}
      fields={nameField} extra={{ district_id: Number(params.districtId) }} back={listOf(params.voivodeshipId, params.districtId)} />
  );
}

export function BoroughEdit() {
  const params = useParams();
  return (
    <FormScreen resource={boroughs} id={params.boroughId} parent={params.districtId} crumbs={crumbs(params, { label: 'Edycja gminy' })}
      fields={nameField} back={listOf(params.voivodeshipId, params.districtId)} />
  );
}
