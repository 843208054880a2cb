import { SchemaFormScreen, SchemaListScreen, useParentCrumbs } from '@smogpanel/kit/helpers';
import { Link, useParams } from 'react-router-dom';
import { districtsOf as listOf, hierarchyTrail } from './crumbs.js';
import { columns, districts } from './resources.js';

const NAME = ['name']; // the parent is the screen's (extra), not a field

export function DistrictList() {
  const { voivodeshipId } = useParams();
  const list = listOf(voivodeshipId);
  const crumbs = useParentCrumbs(hierarchyTrail({ voivodeshipId })).crumbs;
  return (
    <SchemaListScreen
      resource={districts}
      parent={voivodeshipId}
      crumbs={crumbs}
      actions={[
        { label: 'Dodaj powiat', to: `${list}/add` },
        { label: 'Powrót do województw', to: '/voivodeship', variant: 'btn-outline-secondary' },
      ]}
      columns={columns((row) => (
        <Link to={`${list}/${row.id}/borough`}>{row.name}</Link>
      ))}
      rowLinks={[{ label: 'Edytuj', to: (row) => `${list}/${row.id}` }]}
      searchHelp="nazwa powiatu, jego kod TERYT (gminy znajdziesz w „Wszystkie gminy” na liście województw)"
      deletable
    />
  );
}

export function DistrictCreate() {
  const { voivodeshipId } = useParams();
  const crumbs = useParentCrumbs(hierarchyTrail({ voivodeshipId }), 'Dodawanie powiatu').crumbs;
  return (
    <SchemaFormScreen
      resource={districts}
      parent={voivodeshipId}
      crumbs={crumbs}
      form={NAME}
      extra={{ voivodeship_id: Number(voivodeshipId) }}
      back={listOf(voivodeshipId)}
    />
  );
}

export function DistrictEdit() {
  const { voivodeshipId, districtId } = useParams();
  const crumbs = useParentCrumbs(hierarchyTrail({ voivodeshipId }), 'Edycja powiatu').crumbs;
  return (
    <SchemaFormScreen
      resource={districts}
      id={districtId}
      parent={voivodeshipId}
      crumbs={crumbs}
      form={NAME}
      back={listOf(voivodeshipId)}
    />
  );
}
