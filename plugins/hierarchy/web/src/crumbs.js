// Breadcrumbs that name the parents: Województwa > małopolskie > Powiaty > krakowski > Gminy.
import { districts, voivodeships } from './resources.js';

export const districtsOf = (voivodeshipId) => `/voivodeship/${voivodeshipId}/district`;
export const boroughsOf = (voivodeshipId, districtId) => `${districtsOf(voivodeshipId)}/${districtId}/borough`;

/** The kit's useParentCrumbs trail under a voivodeship (and a district): `params` are the
 * route's ids (a district's are absent above it). */
export function hierarchyTrail({ voivodeshipId, districtId }) {
  const trail = [
    { label: 'Województwa', to: '/voivodeship' },
    { resource: voivodeships, id: voivodeshipId, fallback: 'Województwo', to: `/voivodeship/${voivodeshipId}` },
    { label: 'Powiaty', to: districtsOf(voivodeshipId) },
  ];
  if (districtId !== undefined) {
    trail.push(
      { resource: districts, id: districtId, fallback: 'Powiat', to: `${districtsOf(voivodeshipId)}/${districtId}` },
      { label: 'Gminy', to: boroughsOf(voivodeshipId, districtId) },
    );
  }
  return trail;
}
