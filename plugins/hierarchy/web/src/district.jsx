import { FormScreen, ListScreen } from '@smogpanel/kit';
import { Link, useParams } from 'react-router-dom';
import { columns, districts, nameField } from './resources.js';

const listOf = (voivodeshipId) => `/voivodeship/${voivodeshipId}/district`;
const crumbs = (voivodeshipId, ...more) => [
  { label: 'Województwa', to: '/voivodeship' },
  { label: 'Powiaty', to: listOf(voivodeshipId) },
  ...more,
];

export function DistrictList() {
  const { voivodeshipId } = useParams();
  const list = listOf(voivodeshipId);
  return (
    <ListScreen resource={districts} parent={voivodeshipId} crumbs={crumbs(voivodeshipId)}
      actions={[{ label: 'Dodaj powiat', to: `${list}/add` }, { label: 'Powrót do województw', to: '/voivodeship', variant: 'btn-outline-secondary' }]}
      columns={columns((row) => <Link to={`${list}/${row.id}/borough`}>{row.name}</Link>)}
      rowLinks={[{ label: 'Edytuj', to: (row) => `${list}/${row.id}` }]} deletable />
  );
}

export function DistrictCreate() {
  const { voivodeshipId } = useParams();
  return (
    <FormScreen resource={districts} parent={voivodeshipId} crumbs={crumbs(voivodeshipId, { label: 'Dodawanie powiatu' })}
      fields={nameField} extra={{ voivodeship_id: Number(voivodeshipId) }} back={listOf(voivodeshipId)} />
  );
}

export function DistrictEdit() {
  const { voivodeshipId, districtId } = useParams();
  return (
    <FormScreen resource={districts} id={districtId} parent={voivodeshipId} crumbs={crumbs(voivodeshipId, { label: 'Edycja powiatu' })}
      fields={nameField} back={listOf(voivodeshipId)} />
  );
}
