// The module the shell loads (exposed as ./routes): every screen of SPEC 2.5.
// Contract: docs/frontend.md. Parameters named ...Id are checked numeric by the shell.
import { BoroughCreate, BoroughEdit, BoroughList } from './borough.jsx';
import { DistrictCreate, DistrictEdit, DistrictList } from './district.jsx';
import { TerytImport } from './teryt.jsx';
import { VoivodeshipCreate, VoivodeshipEdit, VoivodeshipList } from './voivodeship.jsx';

const district = '/voivodeship/:voivodeshipId/district';
const borough = `${district}/:districtId/borough`;

export default [
  { path: '/voivodeship', element: <VoivodeshipList /> },
  { path: '/voivodeship/add', element: <VoivodeshipCreate /> },
  { path: '/voivodeship/import-teryt', element: <TerytImport /> },
  { path: '/voivodeship/:voivodeshipId', element: <VoivodeshipEdit /> },
  { path: district, element: <DistrictList /> },
  { path: `${district}/add`, element: <DistrictCreate /> },
  { path: `${district}/:districtId`, element: <DistrictEdit /> },
  { path: borough, element: <BoroughList /> },
  { path: `${borough}/add`, element: <BoroughCreate /> },
  { path: `${borough}/:boroughId`, element: <BoroughEdit /> },
];
