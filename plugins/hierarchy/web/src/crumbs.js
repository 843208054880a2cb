// Breadcrumbs that name the parents: Województwa > małopolskie > Powiaty > krakowski > Gminy.
import { useItem } from '@smogpanel/kit';
import { districts, voivodeships } from './resources.js';

export const districtsOf = (voivodeshipId) => `/voivodeship/${voivodeshipId}/district`;
export const boroughsOf = (voivodeshipId, districtId) => `${districtsOf(voivodeshipId)}/${districtId}/borough`;

/** `params` are the route's ids (a district's are absent above it); `label` ends the trail. */
export function useHierarchyCrumbs({ voivodeshipId, districtId }, label) {
  const voivodeship = useItem(voivodeships, voivodeshipId).item;
  const district = useItem(districts, districtId).item;
  const crumbs = [
    { label: 'Województwa', to: '/voivodeship' },
    { label: voivodeship ? voivodeship.name : 'Województwo', to: `/voivodeship/${voivodeshipId}` },
    { label: 'Powiaty', to: districtsOf(voivodeshipId) },
  ];
  if (districtId !== undefined) {
    crumbs.push(
      { label: district ? district.name : 'Powiat', to: `${districtsOf(voivodeshipId)}/${districtId}` },
      { label: 'Gminy', to: boroughsOf(voivodeshipId, districtId) },
    );
  }
  return label ? [...crumbs, { label }] : crumbs;
}
